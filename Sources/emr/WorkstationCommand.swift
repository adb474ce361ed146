import CoreDomain
import DataFHIR
import DataLocal
import Foundation
import SecurityKit
import SharedPresentation
import TerminalUI

/// `emr` and `emr --demo`: unlock (before any screen is drawn), then hand the terminal to
/// the workstation until the user quits or the session ends.
struct WorkstationCommand {
    var options: WorkstationOptions
    var environment: [String: String]

    func run() throws(CommandFailure) -> ExitStatus {
        let home = CacheLocation(environment: environment)
        let config = try Config.load(directory: home.directory)
        let idleMinutes = try config.idleLockMinutes(environment: environment)
        let administrationTimes = try config.administrationTimes()
        let locator = ResourceLocator(environment: environment)
        let theme = try loadTheme(config: config, locator: locator)
        let now = Date()

        var session: CacheSession
        let sessionInfo: SessionInfo
        let verify: @Sendable (String) async -> (succeeded: Bool, message: String?)
        // The demo's dates are moved as its cache stores them (see DemoDateShift); nil otherwise.
        let demoShift: DemoDateShift?
        // The logged-in clinician's Practitioner, named as `performer` of what they chart.
        var userOfRecord: String?
        // With `login = user`: the login at an unlock after the server session ended.
        var relogin: WorkstationRelogin?
        if options.demo {
            let (demoSession, shift) = try DemoCache(home: home).open(
                reset: options.reset, fixtures: locator.directory("Fixtures", override: "EMR_FIXTURES"), now: now,
                structureCheck: .byOwner, say: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) })
            session = demoSession
            demoShift = shift
            sessionInfo = SessionInfo(mode: .demo, user: Self.userName(), wardFilter: options.server.ward ?? config.values["ward"],
                                      demoDateShift: shift.description, mayCorrectOthers: try config.correctOthers(),
                                      wristbandCheck: administrationTimes.wristbandCheck)
            verify = { _ in (true, nil) }
        } else {
            demoShift = nil
            session = try CacheSession.open(
                at: home, passphrases: options.cache.passphrases(environment: environment),
                structureCheck: .byOwner)
            // With a server, `--ward` names the census Location the sync fetches (as for `emr
            // sync`), so the cache holds that ward and the list is not filtered by ward name.
            let online = ServerOptions(arguments: options.server, config: config, environment: environment).isConfigured
            // With `login = user`, the logged-in clinician is the user of record: the audit
            // trail, charted performers and the header name them.
            let startup = StartupLogin(options: options, config: config, environment: environment)
            let login = online ? try startup.runIfNeeded(session: session) : nil
            session = session.userOfRecord(login?.fhirUser)
            userOfRecord = login?.fhirUser
            // A session that ends while the workstation runs is logged in again at an unlock.
            relogin = try online ? startup.sessionStore(session: session).map {
                WorkstationRelogin(login: startup, session: session, store: $0, userOfRecord: login?.fhirUser)
            } : nil
            sessionInfo = SessionInfo(
                mode: .offline, user: Self.userName(), wardFilter: online ? nil : options.server.ward ?? config.values["ward"],
                hasServer: online, mayCorrectOthers: try config.correctOthers(), wristbandCheck: administrationTimes.wristbandCheck,
                clinicianName: login?.userName, logsUserIn: relogin != nil)
            let keyFile = session.keyFile
            verify = { typed in
                do {
                    _ = try keyFile.unlock(passphrase: SecretBytes(copying: typed.utf8))
                    return (true, nil)
                } catch {
                    return (false, "wrong passphrase: try again")
                }
            }
        }
        // List rows rebuilt by this session's syncs and charting place doses as its MAR does.
        session.cache.administrationTimes = administrationTimes

        let directory: CachedPatientDirectory
        // New results are new to this user: their views of Results tabs are kept under their name.
        do {
            directory = try CachedPatientDirectory(cache: session.cache, resultsViewer: session.actor.user)
        } catch {
            throw CacheSession.failure(for: error)
        }
        let integrity = IntegrityWatch(cache: session.cache)
        // Charted vitals go to this cache's outbox (the demo's own cache in demo mode, where
        // they stay pending), named for the nurse as the server will see them.
        let server = ServerOptions(arguments: options.server, config: config, environment: environment)
        let clientID = server.isConfigured && !options.demo ? options.server.clientID : nil
        let outbox = OutboxVitalsRecorder(
            cache: session.cache, performer: VitalsObservationEncoder.performerDisplay(user: sessionInfo.user, clientID: clientID),
            performerReference: userOfRecord, storing: demoShift?.storedValues ?? .asDecoded, trail: session.trail)
        let recorder = demoShift.map { $0.charting(outbox) } ?? outbox
        let doseOutbox = OutboxDoseRecorder(
            cache: session.cache, performer: VitalsObservationEncoder.performerDisplay(user: sessionInfo.user, clientID: clientID),
            performerReference: userOfRecord, storing: demoShift?.storedValues ?? .asDecoded, trail: session.trail)
        let doses = demoShift.map { $0.doses(doseOutbox) } ?? doseOutbox
        let noteOutbox = OutboxNoteRecorder(
            cache: session.cache, author: VitalsObservationEncoder.performerDisplay(user: sessionInfo.user, clientID: clientID),
            authorReference: userOfRecord, storing: demoShift?.storedValues ?? .asDecoded, trail: session.trail)
        let notes = demoShift.map { $0.notes(noteOutbox) } ?? noteOutbox
        // One client for the background sync and the user's searches of the server, so they share
        // a token. A busy server is waited for no longer than the sync interval: a sync (and the
        // sync lock) is never held past the time the next one would start.
        let syncInterval = try config.syncIntervalMinutes() * 60
        let client = sessionInfo.hasServer ? try server.client(cache: session.cache, retryAfterBudget: syncInterval) : nil
        let sync = try client.map { client throws(CommandFailure) in
            try backgroundSync(client: client, session: session, directory: directory, config: config)
        }
        let syncOnce = sync.map { sync in { @Sendable progress in await sync.syncOnce(progress: progress) } }
        // The listener's news: those patients' changes at once, the same run without the ward's pass.
        let syncPatients = sync.map { sync in
            { @Sendable (patients: [String], progress) in await sync.syncOnce(patients: patients, progress: progress) }
        }
        // The listener's socket, when this workstation syncs and a listener is set up here.
        let hooks = sync == nil ? nil : HooksSettings.workstationSocket(config: config)
        let results = hooks.map { path in { @Sendable news in await ResultSocketReader(path: path).read(news: news) } }
        let cache = session.cache
        // The file's structure check reads every page, the rows' check (`checkRows`) every key,
        // and the audit trail's check the entries past its verified prefix:
        // the state runs them beside the first frame, not before it. Damage is said on the
        // status line; a broken trail is kept by the cache (`auditBroken` below says it).
        let checkStructure: @Sendable () -> String? = {
            do throws(CacheError) {
                try cache.database.checkStructure()
                try cache.checkRows()
                _ = try AuditLog(cache: cache).verify(.sinceCheckpoint)
                return nil
            } catch {
                // Shown as damaged records are, in a line that fits 80 columns.
                guard let table = error.tableMissingRecords else { return error.description }
                return "Records missing from the cache (\(table)): run 'emr wipe', re-sync"
            }
        }
        let sessionStore = relogin?.store
        let runner = UseCaseEffectRunner(WorkstationDependencies(
            directory: directory, chart: CachedChartRepository(cache: session.cache), audit: session.trail,
            resultViews: CachedResultViews(cache: session.cache, user: session.actor.user), charting: recorder, doses: doses, notes: notes,
            remote: client.map { ServerPatientLookup(client: $0, cache: session.cache, directory: directory) },
            sync: syncOnce, syncPatients: syncPatients, results: results, checkStructure: checkStructure, cacheGone: { cache.database.isGone },
            auditBroken: { cache.auditBreak.map { _ in Self.auditBrokenMessage } },
            serverLoginNeeded: { sessionStore.map { StartupLogin.isNeeded($0) } ?? false },
            administrationTimes: administrationTimes, integrityWarning: { integrity.newWarning() }, verifyUnlock: verify))

        let terminal: CursesTerminal
        do { terminal = try CursesTerminal(theme: theme, environment: environment) } catch {
            throw CommandFailure(message: "emr: \(error.description)", status: .usage)
        }
        // The header clock starts now, not before the passphrase prompt, which may have waited minutes.
        var state = WorkstationState(session: sessionInfo, columns: terminal.size.cols, rows: terminal.size.rows, now: Date())
        state.idleLockAfter = idleMinutes * 60
        state.syncSchedule = try sync.map { _ throws(CommandFailure) in SyncSchedule(interval: syncInterval) }
        state.results.isFollowing = results != nil
        do throws(TerminalError) {
            // Quitting, a signal and a dropped link all end with the terminal restored and
            // everything saved already, so each is a normal end of the session.
            _ = try WorkstationApp(state: state, terminal: terminal, runner: runner, terminalJobs: terminalJobs(relogin)).run()
        } catch {
            terminal.stop()
            throw CommandFailure(message: "emr: \(error.description)", status: .usage)
        }
        return .success
    }

    /// What the state may release the terminal for: with a user login, logging in again.
    private func terminalJobs(_ relogin: WorkstationRelogin?) -> WorkstationApp<CursesTerminal>.TerminalJobRunner? {
        guard let relogin else { return nil }
        return { job, interrupted in
            switch job {
            case .serverLogin: relogin.run(interrupted: interrupted)
            }
        }
    }

    /// The status line once the audit trail is found broken while open; `emr audit verify` says
    /// where, why, and the one thing to do (the same advice every command gives).
    static let auditBrokenMessage = "audit trail broken: nothing more is shown or saved ('emr audit verify' says what to do); press q"

    /// With a server named (and not in demo mode), the sync that keeps the cache current;
    /// option mistakes are reported before the terminal is taken over.
    private func backgroundSync(
        client: FHIRClient, session: CacheSession, directory: CachedPatientDirectory, config: Config
    ) throws(CommandFailure) -> BackgroundSync {
        let server = ServerOptions(arguments: options.server, config: config, environment: environment)
        let run = SyncRun(
            client: client, cache: session.cache, census: try server.census(), trail: session.trail,
            retention: try config.retentionDays() * 86_400, lockDirectory: session.location.directory, budget: try config.syncBudget())
        return BackgroundSync(run: run, directory: directory)
    }

    private func loadTheme(config: Config, locator: ResourceLocator) throws(CommandFailure) -> Theme {
        let name = options.theme ?? environment["EMR_THEME"] ?? config.values["theme"] ?? "default"
        guard let directory = locator.directory("Themes", override: "EMR_THEMES") else {
            if name == "default" { return .plain }
            throw CommandFailure(message: "emr: theme '\(name)' not found: no Themes folder (set EMR_THEMES)", status: .usage)
        }
        do {
            return try ThemeLibrary(directory: directory).load(named: name)
        } catch {
            throw CommandFailure(message: "emr: \(error.description)", status: .usage)
        }
    }

    /// The OS account: who is acting, as the login or SSH authenticated them.
    static func userName() -> String {
        guard let entry = getpwuid(getuid()), let name = entry.pointee.pw_name else { return "uid \(getuid())" }
        return String(cString: name)
    }
}

extension WorkstationCommand: EmrCommand {
    static let word: String? = nil
    static let summary = "open the workstation on this account's encrypted cache; with --server ONLINE, with --demo on synthetic patients"

    static func run(_ options: WorkstationOptions, in context: CommandContext) throws(CommandFailure) -> ExitStatus {
        try WorkstationCommand(options: options, environment: context.environment).run()
    }
}
