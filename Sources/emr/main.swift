import CoreDomain
import DataLocal
import Foundation
import SecurityKit

/// Entry point: parse, run one command, exit with the documented status.
func run(_ words: [String], environment: [String: String]) -> ExitStatus {
    let say = { (line: String) in print(line) }
    let complain = { (line: String) in FileHandle.standardError.write(Data((line + "\n").utf8)) }
    do throws(CommandFailure) {
        do {
            try Log.configure(environment: environment, directory: CacheLocation(environment: environment).directory)
        } catch {
            throw CommandFailure(message: "emr: \(error.description)", status: .usage)
        }
        let context = CommandContext(environment: environment, home: CacheLocation(environment: environment), say: say, complain: complain)
        switch try Invocation.parse(words) {
        case .help(let command):
            say(command.map { HelpText.command($0) } ?? HelpText.overview())
        case .version:
            say("emr \(emrVersion)")
        case let .run(command, options):
            return try command.type.run(parsed: options, in: context)
        }
        return .success
    } catch {
        complain(error.message)
        return error.status
    }
}

// Background work may still be using OpenSSL when a command returns (the workstation's quit).
OpenSSLLifetime.keepUntilExit()
exit(run(Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment).rawValue)
