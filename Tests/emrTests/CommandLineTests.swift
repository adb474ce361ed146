@testable import emr
import Testing

/// Help and parsing come from one table per command; these tests fail if they drift apart.
struct CommandLineTests {
    /// Every option a command declares, as the user would type it with a value.
    private func words(_ usage: OptionUsage, value: String) -> [String] {
        usage.placeholder == nil ? [usage.name] : [usage.name, value]
    }

    private func commandWords(_ command: Command) -> [String] {
        command.word.map { [$0] } ?? []
    }

    /// Operands that satisfy the command, so a parse fails only for the option under test.
    private func operands(_ command: Command) -> [String] {
        switch command {
        case .importFiles: ["a.ndjson"]
        case .audit: ["show"]
        default: []
        }
    }

    private func failure(_ words: [String]) -> CommandFailure? {
        do throws(CommandFailure) {
            _ = try Invocation.parse(words)
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: Command.registered)
    func everyDeclaredOptionIsInTheCommandsHelpAndTheOverview(command: Command) {
        let help = HelpText.command(command)
        let overview = HelpText.overview()
        let options = command.usage.groups.flatMap(\.options)
        #expect(!options.isEmpty)
        for option in options {
            #expect(Self.lists(help, option), "\(option.name) is missing from \(command)'s help")
            #expect(Self.lists(overview, option), "\(option.name) is missing from emr --help")
        }
        #expect(overview.contains("  \(command.usage.synopsis)\n"))
    }

    /// A help line that starts with the option and its placeholder, then its text or nothing.
    private static func lists(_ help: String, _ option: OptionUsage) -> Bool {
        help.split(separator: "\n").contains { line in
            let row = line.drop { $0 == " " }
            return row == option.synopsis || row.hasPrefix(option.synopsis + "  ")
        }
    }

    @Test(arguments: Command.registered)
    func everyDeclaredOptionParses(command: Command) throws {
        for option in command.usage.groups.flatMap(\.options) {
            let given = commandWords(command) + words(option, value: "x") + operands(command)
            #expect(failure(given) == nil, "\(given) was refused")
        }
    }

    @Test(arguments: Command.registered)
    func anOptionTheCommandDoesNotDeclareIsRefusedInOneLine(command: Command) throws {
        let own = Set(command.usage.groups.flatMap(\.options).map(\.name))
        let others = Command.registered.flatMap { $0.usage.groups.flatMap(\.options) }.filter { !own.contains($0.name) }
        for option in others + [OptionUsage(name: "--frobnicate", placeholder: nil, help: "")] {
            let refused = try #require(failure(commandWords(command) + words(option, value: "x") + operands(command)))
            #expect(refused.status == .usage)
            #expect(refused.message.contains("unknown option \(option.name)"))
            #expect(!refused.message.contains("\n"))
        }
    }

    /// Each declared option, given alone, sets its own field and no other option's.
    private func eachOptionFillsItsField<Options: ParsableOptions & Equatable>(_ type: Options.Type, _ command: Command) throws {
        let operandWords = operands(command)
        let fields = Options.options.map { option -> AnyKeyPath in
            switch option.field {
            case .flag(let field): field
            case .value(_, let field): field
            }
        }
        #expect(Set(fields).count == fields.count, "two options of \(command) fill one field")
        #expect(Set(Options.options.map(\.name)).count == fields.count, "an option of \(command) is declared twice")
        for option in Options.options {
            let given = option.takesValue ? [option.name, "v-\(option.name)"] : [option.name]
            guard case .run(let parsed) = try OptionParser<Options>(command: command).parse((given + operandWords)[...]) else {
                Issue.record("\(option.name) did not parse"); continue
            }
            var expected = try #require({ () throws(CommandFailure) -> Options? in
                guard case .run(let bare) = try OptionParser<Options>(command: command).parse(operandWords[...]) else { return nil }
                return bare
            }())
            switch option.field {
            case .flag(let field): expected[keyPath: field] = true
            case .value(_, let field): expected[keyPath: field] = "v-\(option.name)"
            }
            #expect(parsed == expected, "\(option.name) of \(command)")
        }
    }

    @Test func eachDeclaredOptionFillsItsTypedField() throws {
        try eachOptionFillsItsField(WorkstationOptions.self, .workstation)
        try eachOptionFillsItsField(ImportOptions.self, .importFiles)
        try eachOptionFillsItsField(SyncOptions.self, .sync)
        try eachOptionFillsItsField(CacheOptions.self, .passwd)
        try eachOptionFillsItsField(WipeOptions.self, .wipe)
        try eachOptionFillsItsField(AuditOptions.self, .audit)
    }

    @Test func valuesReachTheTypedFieldsTheTableNames() throws {
        let parsed = try Invocation.parse([
            "sync", "--server", "http://127.0.0.1:8080", "--ward=W1", "--passphrase-file", "/p", "--client-id", "c",
            "--scope", "s", "--timeout", "5",
        ])
        guard let options = parsed.options(SyncOptions.self) else { Issue.record("not sync: \(parsed)"); return }
        #expect(options.server.server == "http://127.0.0.1:8080")
        #expect(options.server.ward == "W1")
        #expect(options.server.clientID == "c")
        #expect(options.server.scope == "s")
        #expect(options.server.timeout == "5")
        #expect(options.cache.passphraseFile == "/p")
        #expect(options.server.patients == nil)

        guard let wipe = try Invocation.parse(["wipe", "--yes", "--demo"]).options(WipeOptions.self) else { Issue.record("not wipe"); return }
        #expect(wipe.confirmed && wipe.demo)
        guard let audit = try Invocation.parse(["audit", "verify", "--user", "u"]).options(AuditOptions.self) else { Issue.record("not audit"); return }
        #expect(audit.verifies && audit.user == "u")
        guard let workstation = try Invocation.parse(["--demo", "--theme", "mono"]).options(WorkstationOptions.self) else {
            Issue.record("not the workstation"); return
        }
        #expect(workstation.demo && !workstation.reset && workstation.theme == "mono")
    }

    @Test func usageMistakesAreOneLineWithStatus2() {
        let cases: [([String], String)] = [
            (["--theme"], "option --theme needs a value"),
            (["--theme="], "option --theme needs a value"),
            (["--demo=yes"], "option --demo takes no value"),
            (["frobnicate"], "unknown command 'frobnicate'"),
            (["--demo", "extra"], "unexpected argument 'extra'"),
            (["import"], "import needs at least one FHIR file"),
            (["audit", "erase"], "audit needs one of: verify, show"),
            (["wipe", "--theme", "mono"], "unknown option --theme for 'wipe' (see 'emr wipe --help')"),
            (["--theme"], "(see 'emr --help')"),
        ]
        for (words, message) in cases {
            let refused = failure(words)
            #expect(refused?.status == .usage, "\(words)")
            #expect(refused?.message.contains(message) == true, "\(words): \(refused?.message ?? "accepted")")
        }
    }

    @Test func helpIsTheOverviewOrOneCommands() throws {
        #expect(try Invocation.parse(["--help"]) == .help(nil))
        #expect(try Invocation.parse(["-h"]) == .help(nil))
        #expect(try Invocation.parse(["sync", "--help"]) == .help(.sync))
        #expect(try Invocation.parse(["wipe", "--yes", "-h"]) == .help(.wipe))
        #expect(try Invocation.parse(["audit", "--version"]) == .version)
    }

    @Test(arguments: [nil] + Command.registered.map(Optional.some))
    func helpFitsEightyColumns(command: Command?) {
        let help = command.map { HelpText.command($0) } ?? HelpText.overview()
        for line in help.split(separator: "\n") {
            #expect(line.count <= 80, "too wide: \(line)")
        }
    }
}
