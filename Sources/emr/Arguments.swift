/// What the user asked for, parsed by hand (the product takes no package dependencies).
struct Arguments: Equatable {
    enum Command: String, Equatable, CaseIterable {
        case workstation
        case importFiles = "import"
        case sync
        case passwd
        case wipe
        case audit
        case help
        case version
    }

    var command: Command = .workstation
    var options: [String: String] = [:]
    var flags: Set<String> = []
    var operands: [String] = []

    func has(_ flag: String) -> Bool { flags.contains(flag) }
}

/// Options each command accepts: name -> takes a value. A parse fails on anything else.
private let commonOptions: [String: Bool] = ["--passphrase-file": true]
/// The FHIR server options of `emr sync` and the online workstation (ServerOptions reads them).
private let serverOptions: [String: Bool] = [
    "--server": true, "--ward": true, "--patients": true, "--client-id": true, "--client-secret-file": true,
    "--client-auth": true, "--private-key": true, "--key-id": true, "--scope": true, "--timeout": true,
]
private let optionsByCommand: [Arguments.Command: [String: Bool]] = [
    .workstation: commonOptions.merging(serverOptions) { a, _ in a }.merging(["--demo": false, "--reset": false, "--theme": true]) { a, _ in a },
    .importFiles: commonOptions,
    .sync: commonOptions.merging(serverOptions) { a, _ in a },
    .passwd: commonOptions,
    .wipe: commonOptions.merging(["--yes": false, "--demo": false]) { a, _ in a },
    .audit: commonOptions.merging(["--patient": true, "--since": true, "--user": true]) { a, _ in a },
    .help: [:],
    .version: [:],
]

extension Arguments {
    /// Parses `argv` without the program name. Throws a usage failure naming the first bad word.
    static func parse(_ words: [String]) throws(CommandFailure) -> Arguments {
        var arguments = Arguments()
        var index = 0
        if let first = words.first, !first.hasPrefix("-") {
            guard let command = Command(rawValue: first), command != .workstation, command != .help, command != .version else {
                throw usage("unknown command '\(first)'")
            }
            arguments.command = command
            index = 1
        }
        while index < words.count {
            let word = words[index]
            index += 1
            if word == "-h" || word == "--help" { return Arguments(command: .help) }
            if word == "-V" || word == "--version" { return Arguments(command: .version) }
            if word == "--" {
                arguments.operands += words[index...]
                break
            }
            guard word.hasPrefix("-"), word.count > 1 else {
                guard arguments.command == .importFiles || arguments.command == .audit else { throw usage("unexpected argument '\(word)'") }
                arguments.operands.append(word)
                continue
            }
            let (name, inlineValue) = split(word)
            guard let takesValue = optionsByCommand[arguments.command]?[name] else {
                throw usage("unknown option \(name)" + (arguments.command == .workstation ? "" : " for '\(arguments.command.rawValue)'"))
            }
            if takesValue {
                guard let value = inlineValue ?? (index < words.count ? words[index] : nil), !value.isEmpty else {
                    throw usage("option \(name) needs a value")
                }
                if inlineValue == nil { index += 1 }
                arguments.options[name] = value
            } else {
                guard inlineValue == nil else { throw usage("option \(name) takes no value") }
                arguments.flags.insert(name)
            }
        }
        if arguments.command == .importFiles, arguments.operands.isEmpty {
            throw usage("import needs at least one FHIR file")
        }
        if arguments.command == .audit, arguments.operands != ["verify"], arguments.operands != ["show"] {
            throw usage("audit needs one of: verify, show")
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
