/// What the user asked for, parsed by hand (the product takes no package dependencies).
struct Arguments: Equatable {
    enum Command: Equatable {
        case help
        case version
        case workstation
    }

    var command: Command = .workstation
    var options: [String: String] = [:]
    var flags: Set<String> = []
    var operands: [String] = []
}

/// The options each command accepts; a parse fails on anything not listed here.
private let valueOptions: Set<String> = []
private let flagOptions: Set<String> = []

extension Arguments {
    /// Parses `argv` without the program name. Throws a usage failure naming the first bad word.
    static func parse(_ words: [String]) throws(CommandFailure) -> Arguments {
        var arguments = Arguments()
        var index = 0
        while index < words.count {
            let word = words[index]
            index += 1
            switch word {
            case "-h", "--help":
                arguments.command = .help
                return arguments
            case "-V", "--version":
                arguments.command = .version
                return arguments
            case let option where option.hasPrefix("--"):
                let (name, inlineValue) = split(option)
                if valueOptions.contains(name) {
                    guard let value = inlineValue ?? (index < words.count ? words[index] : nil) else {
                        throw usage("option \(name) needs a value")
                    }
                    if inlineValue == nil { index += 1 }
                    arguments.options[name] = value
                } else if flagOptions.contains(name), inlineValue == nil {
                    arguments.flags.insert(name)
                } else {
                    throw usage("unknown option \(name)")
                }
            case let option where option.hasPrefix("-") && option.count > 1:
                throw usage("unknown option \(option)")
            default:
                throw usage("unknown command '\(word)'")
            }
        }
        return arguments
    }

    private static func split(_ option: String) -> (String, String?) {
        guard let equals = option.firstIndex(of: "=") else { return (option, nil) }
        return (String(option[..<equals]), String(option[option.index(after: equals)...]))
    }

    private static func usage(_ message: String) -> CommandFailure {
        CommandFailure(message: "emr: \(message) (see 'emr --help')", status: .usage)
    }
}
