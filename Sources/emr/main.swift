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
        let invocation = try Invocation.parse(words)
        let home = CacheLocation(environment: environment)
        switch invocation {
        case .help(let command):
            say(command.map { HelpText.command($0) } ?? HelpText.overview())
        case .version:
            say("emr \(emrVersion)")
        case .workstation(let options):
            return try WorkstationCommand(options: options, environment: environment).run()
        case .importFiles(let options):
            let config = try Config.load(directory: home.directory)
            let session = try CacheSession.open(at: home, passphrases: options.cache.passphrases(environment: environment))
            session.cache.administrationTimes = try config.administrationTimes()
            return ImportCommand(files: options.files, quiet: options.cache.quiet).run(session: session, output: say, errors: complain)
        case .sync(let options):
            let config = try Config.load(directory: home.directory)
            let session = try CacheSession.open(at: home, passphrases: options.cache.passphrases(environment: environment))
            session.cache.administrationTimes = try config.administrationTimes()
            return try SyncCommand(options: options, config: config, environment: environment).run(session: session, output: say, errors: complain)
        case .passwd(let options):
            let newSource = PassphraseSource(file: nil, environment: environment["EMR_NEW_PASSPHRASE"].map { ["EMR_PASSPHRASE": $0] } ?? [:])
            say(try PasswdCommand(quiet: options.quiet).run(location: home, passphrases: options.passphrases(environment: environment), newPassphrases: newSource))
        case .wipe(let options):
            let location = options.demo ? DemoCache(home: home).location : home
            let passphrases = options.cache.passphrases(environment: environment)
            let audited = options.confirmed ? WipeCommand.recordWipe(location: location, passphrases: passphrases) : nil
            let removed = try WipeCommand().run(location: location, confirmed: options.confirmed)
            say(removed.isEmpty ? "nothing to remove in \(location.directory)" : "removed: " + removed.joined(separator: ", "))
            audited.map(say)
        case .login(let options):
            let config = try Config.load(directory: home.directory)
            let session = try CacheSession.open(at: home, passphrases: options.cache.passphrases(environment: environment))
            // The address must reach a user reading a pipe or a log before the prompt waits.
            let flushed = { (line: String) in FileHandle.standardOutput.write(Data((line + "\n").utf8)) }
            return try LoginCommand(options: options, config: config, environment: environment).run(session: session, output: flushed, errors: complain)
        case .logout(let options):
            let config = try Config.load(directory: home.directory)
            let session = try CacheSession.open(at: home, passphrases: options.cache.passphrases(environment: environment))
            say(try LogoutCommand(options: options, config: config, environment: environment).run(session: session))
        case .audit(let options):
            let session = try CacheSession.open(at: home, passphrases: options.cache.passphrases(environment: environment), recordUnlock: false)
            return try AuditCommand(options: options).run(session: session, output: say)
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
