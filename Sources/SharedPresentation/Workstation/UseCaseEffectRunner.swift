import CoreDomain
import CoreUseCases
import Foundation

/// The effect runner over the use cases: the same code whether the repositories are the
/// encrypted cache (demo, offline) or anything else that implements them. Every chart view,
/// search, lock and unlock attempt, charting and correction is recorded in `audit`; data
/// whose access cannot be recorded is not shown. A refresh after a sync is not recorded: it
/// keeps a view the user opened (and was recorded opening) current, and the sync itself is
/// recorded.
public struct UseCaseEffectRunner: WorkstationEffectRunner {
    private let loadPatientList: LoadPatientList
    /// What each chart tab reads its content from (`ChartTabFeature.load`).
    private let chartSources: ChartSources
    private let loadWardDoses: LoadWardDoses
    private let verifyUnlock: @Sendable (String) async -> (succeeded: Bool, message: String?)
    private let audit: any AuditTrail
    private let integrityWarning: @Sendable () -> String?
    private let backoff = UnlockBackoff()
    private let charting: ChartingEffects?
    private let server: ServerSearchEffects
    private let sync: (@Sendable () async -> WorkstationAction)?
    private let checkStructure: @Sendable () -> String?
    private let cacheGone: @Sendable () -> Bool
    private let auditBroken: @Sendable () -> String?
    private let serverLoginNeeded: @Sendable () -> Bool

    /// `integrityWarning` reports records the repositories left out since it was last asked
    /// (tampered or damaged), so the chart can say that something is missing. Without
    /// `charting` (a read-only session) charting effects fail with a message; without `remote`
    /// (no server) so do server searches. `sync` runs one sync with the server (nil without
    /// one); `checkStructure` checks the whole cache file and says what to do about damage.
    /// `auditBroken` says what to do once the audit trail is found broken (it then takes no
    /// more entries, so nothing more is shown or saved). `administrationTimes` are the ward's,
    /// for the MAR. `resultViews` keeps when this user opened each patient's Results tab, so
    /// results newer than that are marked new. `serverLoginNeeded` reads the stored user
    /// session: true when the server can no longer honour it (none, or expired by the clock).
    public init(
        directory: any PatientDirectory, chart: any ChartRepository, audit: any AuditTrail, resultViews: (any ResultViews)? = nil,
        charting: (any VitalsCharting)? = nil, doses: (any DoseCharting)? = nil, remote: (any RemotePatientSearch)? = nil,
        sync: (@Sendable () async -> WorkstationAction)? = nil,
        checkStructure: @escaping @Sendable () -> String? = { nil },
        cacheGone: @escaping @Sendable () -> Bool = { false },
        auditBroken: @escaping @Sendable () -> String? = { nil },
        serverLoginNeeded: @escaping @Sendable () -> Bool = { false },
        administrationTimes: WardAdministrationTimes = WardAdministrationTimes(),
        integrityWarning: @escaping @Sendable () -> String? = { nil },
        verifyUnlock: @escaping @Sendable (String) async -> (succeeded: Bool, message: String?)
    ) {
        self.sync = sync
        self.checkStructure = checkStructure
        self.cacheGone = cacheGone
        self.auditBroken = auditBroken
        self.serverLoginNeeded = serverLoginNeeded
        self.charting = charting.map {
            ChartingEffects(outbox: ChartingOutbox(vitals: $0, doses: doses, chart: chart), directory: directory, audit: audit)
        }
        server = ServerSearchEffects(remote: remote, audit: audit)
        self.integrityWarning = integrityWarning
        loadPatientList = LoadPatientList(directory: directory)
        chartSources = ChartSources(chart: chart, administrationTimes: administrationTimes, directory: directory, resultViews: resultViews)
        loadWardDoses = LoadWardDoses(directory: directory, medications: LoadMedications(chart: chart, ward: administrationTimes))
        self.verifyUnlock = verifyUnlock
        self.audit = audit
    }

    /// Each of these effects answers with one action at most.
    public func run(_ effect: WorkstationEffect, send: @escaping @Sendable (WorkstationAction) -> Void) async {
        if let action = await run(effect) { send(action) }
    }

    static let goneMessage = "cache wiped while emr was open: nothing more is shown or saved; press q"

    /// The one action `effect` answers with, if any. Nothing is read from or written to a
    /// cache that was wiped under this session (`cacheGone`): a charted entry would go to a
    /// file no one can open again; nor from one whose audit trail is broken (`auditBroken`).
    public func run(_ effect: WorkstationEffect) async -> WorkstationAction? {
        switch effect {
        case .searchPatients, .loadChart, .loadWardDoses, .searchServer, .fetchServerPatient, .syncWithServer, .checkOutbox:
            if let stopped = stopped() { return .cacheGone(stopped) }
        case let .save(save):
            if let stopped = stopped() { return .chartingFailed(patientID: save.patientID, stopped) }
        default:
            break
        }
        switch effect {
        case let .searchPatients(search, isRefresh):
            do {
                let page = try await loadPatientList(search)
                if !isRefresh { try recordSearch(search, outcome: .success) }
                return .patientsLoaded(search, page)
            } catch {
                if !isRefresh { try? recordSearch(search, outcome: .failure) }
                return .patientsFailed(UserMessage.describe(error))
            }
        case let .loadChart(patientID, tab, isRefresh):
            let action = AuditAction.chartOpened(tab: tab.name)
            do {
                let openedAt = Date()
                let content = try await tab.load(patientID: patientID, from: chartSources)
                if !isRefresh {
                    try audit.record(action, patientID: patientID, outcome: .success)
                    await tab.opened(patientID: patientID, at: openedAt, from: chartSources)
                }
                return .chartLoaded(patientID: patientID, content, warning: integrityWarning())
            } catch {
                Log.debug("chart.failed", .error(error))
                if !isRefresh { try? audit.record(action, patientID: patientID, outcome: .failure) }
                return .chartFailed(patientID: patientID, tab, "could not open this chart: \(UserMessage.describe(error))")
            }
        case let .loadWardDoses(ward, isRefresh):
            return await wardDoses(ward, isRefresh: isRefresh)
        case let .verifyUnlock(typed):
            return await checkUnlock(typed)
        case .screenLocked:
            // The screen is locked already and shows nothing, so a failure here withholds no data.
            try? audit.record(.lock, patientID: nil, outcome: .success)
            return nil
        case let .save(save):
            guard let charting else { return .chartingFailed(patientID: save.patientID, Self.readOnly) }
            return await charting.save(save)
        case .checkOutbox:
            return await charting?.outboxStatus()
        case let .searchServer(text):
            return await server.search(text)
        case let .fetchServerPatient(patient):
            return await server.fetch(patient)
        case .syncWithServer:
            return await sync?()
        case .checkCacheStructure:
            if let damage = checkStructure() { return .cacheDamaged(damage) }
            return stopped().map { .cacheGone($0) }
        case .checkServerLogin:
            return .serverLoginChecked(needed: serverLoginNeeded())
        case .schedule, .cancel, .releaseTerminal, .repaint, .quit:
            // The store keeps the timers; the terminal repaints, runs its jobs and quits.
            return nil
        }
    }

    /// Why nothing more is read or written: the cache was wiped, or its audit trail is broken.
    private func stopped() -> String? {
        cacheGone() ? Self.goneMessage : auditBroken()
    }

    /// The due list, shown only when each patient on it can be recorded as viewed (their
    /// orders, on the due list).
    private func wardDoses(_ ward: String?, isRefresh: Bool) async -> WorkstationAction {
        let action = AuditAction.chartOpened(tab: Self.wardDosesAuditName)
        do {
            let list = try await loadWardDoses(ward: ward)
            if !isRefresh { try audit.record(action, patientIDs: list.patients.map(\.entry.id), outcome: .success) }
            return .wardDosesLoaded(list)
        } catch {
            Log.debug("ward-doses.failed", .error(error))
            return .wardDosesFailed("could not read the ward's doses: \(UserMessage.describe(error))")
        }
    }

    /// The due list's name in the audit trail, as a chart tab's is.
    static let wardDosesAuditName = "ward-doses"

    private static let readOnly = "this session cannot chart (no outbox): restart emr normally"

    /// A new query (not the next page of one, not the unfiltered census) is one search.
    private func recordSearch(_ search: PatientSearch, outcome: AuditOutcome) throws {
        let kinds = PatientMatcher(search.text).queryKinds
        guard search.offset == 0, !kinds.isEmpty else { return }
        try audit.record(.search(kinds: kinds), patientID: nil, outcome: outcome)
    }

    /// Checks the lock screen's input; a wrong one is recorded and answered only after the
    /// back-off delay, so guessing is slow. A success that cannot be recorded stays locked.
    private func checkUnlock(_ typed: String) async -> WorkstationAction {
        let result = await verifyUnlock(typed)
        if result.succeeded {
            await backoff.succeeded()
            do {
                try audit.record(.unlock, patientID: nil, outcome: .success)
            } catch {
                return .unlockResult(succeeded: false, message: "could not record the unlock: \(UserMessage.describe(error))")
            }
            return .unlockResult(succeeded: true, message: result.message)
        }
        let wait = await backoff.failed()
        try? audit.record(.unlockFailed(attempts: 1), patientID: nil, outcome: .failure)
        try? await Task.sleep(for: wait)
        return .unlockResult(succeeded: false, message: result.message)
    }
}
