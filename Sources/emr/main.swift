import CoreDomain
import DataLocal
import Foundation
import SharedPresentation

/// Entry point: parse, run one command, exit with the documented status.
func run(_ words: [String], environment: [String: String]) -> ExitStatus {
    let say = { (line: String) in print(line) }
    let complain = { (line: String) in FileHandle.standardError.write(Data((line + "\n").utf8)) }
    Log.configure(environment: environment, directory: CacheLocation(environment: environment).directory)
    do throws(CommandFailure) {
        let arguments = try Arguments.parse(words)
        let passphrases = PassphraseSource(file: arguments.options["--passphrase-file"], environment: environment)
        let home = CacheLocation(environment: environment)
        switch arguments.command {
        case .help:
            say(helpText)
        case .version:
            say("emr \(emrVersion)")
        case .workstation:
            return try WorkstationCommand(arguments: arguments, environment: environment).run()
        case .importFiles:
            let session = try CacheSession.open(at: home, passphrases: passphrases)
            return ImportCommand(files: arguments.operands).run(session: session, output: say, errors: complain)
        case .sync:
            let config = try Config.load(directory: home.directory)
            let session = try CacheSession.open(at: home, passphrases: passphrases)
            return try SyncCommand(arguments: arguments, config: config, environment: environment).run(session: session, output: say, errors: complain)
        case .passwd:
            let newSource = PassphraseSource(file: nil, environment: environment["EMR_NEW_PASSPHRASE"].map { ["EMR_PASSPHRASE": $0] } ?? [:])
            say(try PasswdCommand().run(location: home, passphrases: passphrases, newPassphrases: newSource))
        case .wipe:
            let location = arguments.has("--demo") ? DemoCache(home: home).location : home
            let audited = arguments.has("--yes") ? WipeCommand.recordWipe(location: location, passphrases: passphrases) : nil
            let removed = try WipeCommand().run(location: location, confirmed: arguments.has("--yes"))
            say(removed.isEmpty ? "nothing to remove in \(location.directory)" : "removed: " + removed.joined(separator: ", "))
            audited.map(say)
        case .audit:
            let session = try CacheSession.open(at: home, passphrases: passphrases, recordUnlock: false)
            return try AuditCommand(arguments: arguments).run(session: session, output: say)
        }
        return .success
    } catch {
        complain(error.message)
        return error.status
    }
}

exit(run(Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment).rawValue)
