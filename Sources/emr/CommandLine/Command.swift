/// The commands `emr` knows, each with the options type it parses into and the words help
/// shows for it. Adding a command here is the one place that makes it parse and appear in
/// `emr --help`.
enum Command: CaseIterable, Sendable {
    case workstation
    case importFiles
    case sync
    case passwd
    case wipe
    case audit
    case login
    case logout

    /// The word after `emr`; nil for the workstation, which is `emr` alone.
    var word: String? {
        switch self {
        case .workstation: nil
        case .importFiles: "import"
        case .sync: "sync"
        case .passwd: "passwd"
        case .wipe: "wipe"
        case .audit: "audit"
        case .login: "login"
        case .logout: "logout"
        }
    }

    /// `emr sync`, or `emr` for the workstation: as the user types it.
    var name: String { ["emr", word].compactMap { $0 }.joined(separator: " ") }

    init?(word: String) {
        guard let command = Self.allCases.first(where: { $0.word == word }) else { return nil }
        self = command
    }

    /// How help shows this command, generated from its options type.
    var usage: CommandUsage {
        switch self {
        case .workstation:
            CommandUsage(WorkstationOptions.self, name: name, summary:
                "open the workstation on this account's encrypted cache; with --server ONLINE, with --demo on synthetic patients")
        case .importFiles:
            CommandUsage(ImportOptions.self, name: name, summary: "import FHIR R4 Bundles, NDJSON files or single resources")
        case .sync:
            CommandUsage(SyncOptions.self, name: name, summary:
                "send charted entries waiting in the outbox, then pull the census (--ward or --patients) from a FHIR R4 "
                    + "server into the cache; SMART Backend Services when --client-id is given")
        case .passwd:
            CommandUsage(CacheOptions.self, name: name, summary:
                "change the cache passphrase (data is not re-encrypted); the new one from EMR_NEW_PASSPHRASE or asked twice")
        case .wipe:
            CommandUsage(WipeOptions.self, name: name, summary:
                "destroy the cache: key file first, then the database (recorded in the audit trail first when the "
                    + "passphrase is given by file or EMR_PASSPHRASE)")
        case .audit:
            CommandUsage(AuditOptions.self, name: name, summary:
                "verify: check the audit trail's whole chain ('ok: N entries' or the first broken entry); show: list the trail")
        case .login:
            CommandUsage(LoginOptions.self, name: name, summary:
                "log the user in at the FHIR server (SMART App Launch: authorization code + PKCE S256, or a device code "
                    + "with --device); the session is sealed in the cache and used by sync and the workstation when the config says 'login = user'")
        case .logout:
            CommandUsage(LogoutOptions.self, name: name, summary: "drop this account's login session for the server from the cache")
        }
    }

    /// Parses the words after the command word into this command's typed options.
    func parse(_ words: ArraySlice<String>) throws(CommandFailure) -> Invocation {
        switch self {
        case .workstation: try parse(words, as: WorkstationOptions.self, Invocation.workstation)
        case .importFiles: try parse(words, as: ImportOptions.self, Invocation.importFiles)
        case .sync: try parse(words, as: SyncOptions.self, Invocation.sync)
        case .passwd: try parse(words, as: CacheOptions.self, Invocation.passwd)
        case .wipe: try parse(words, as: WipeOptions.self, Invocation.wipe)
        case .audit: try parse(words, as: AuditOptions.self, Invocation.audit)
        case .login: try parse(words, as: LoginOptions.self, Invocation.login)
        case .logout: try parse(words, as: LogoutOptions.self, Invocation.logout)
        }
    }

    private func parse<Options: ParsableOptions>(
        _ words: ArraySlice<String>, as type: Options.Type, _ invocation: (Options) -> Invocation
    ) throws(CommandFailure) -> Invocation {
        switch try OptionParser<Options>(command: self).parse(words) {
        case .run(let options): invocation(options)
        case .help: .help(self == .workstation ? nil : self)
        case .version: .version
        }
    }
}
