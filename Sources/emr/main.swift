import Foundation

/// Entry point: parse, run one command, exit with the documented status.
func run(_ words: [String]) -> ExitStatus {
    do throws(CommandFailure) {
        let arguments = try Arguments.parse(words)
        switch arguments.command {
        case .help:
            print(helpText)
        case .version:
            print("emr \(emrVersion)")
        case .workstation, .importFiles, .passwd, .wipe:
            throw CommandFailure(message: "emr: the workstation is not available in this build yet", status: .usage)
        }
        return .success
    } catch {
        FileHandle.standardError.write(Data((error.message + "\n").utf8))
        return error.status
    }
}

exit(run(Array(CommandLine.arguments.dropFirst())).rawValue)
