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
    private let dependencies: WorkstationDependencies
    private let loadPatientList: LoadPatientList
    /// What each chart tab reads its content from (`ChartTabFeature.load`).
    private let chartSources: ChartSources
    private let loadWardDoses: LoadWardDoses
    private let backoff = UnlockBackoff()
    private let charting: ChartingEffects?
    private let server: ServerSearchEffects

    public init(_ dependencies: WorkstationDependencies) {
        self.dependencies = dependencies
        let (directory, chart, audit) = (dependencies.directory, dependencies.chart, dependencies.audit)
        charting = dependencies.charting.map {
            ChartingEffects(outbox: ChartingOutbox(vitals: $0, doses: dependencies.doses, notes: dependencies.notes, chart: chart), directory: directory, audit: audit)
        }
        server = ServerSearchEffects(remote: dependencies.remote, audit: audit)
        loadPatientList = LoadPatientList(directory: directory)
        let times = dependencies.administrationTimes
        chartSources = ChartSources(chart: chart, administrationTimes: times, directory: directory, resultViews: dependencies.resultViews)
        loadWardDoses = LoadWardDoses(directory: directory, medications: LoadMedications(chart: chart, ward: times))
    }

    private var audit: any AuditTrail { dependencies.audit }

    /// A sync with the server streams its progress, then its answer, and following the
    /// listener streams what it says; every other effect answers with one action at most.
    public func run(_ effect: WorkstationEffect, send: @escaping @Sendable (WorkstationAction) -> Void) async {
        if effect == .syncWithServer, stopped() == nil, let sync = dependencies.sync {
            send(await sync(send))
        } else if effect == .followResults, let results = dependencies.results {
            await ResultsFollowing(results: results, directory: dependencies.directory).follow(send: send)
        } else if let action = await run(effect) {
            send(action)
        }
    }

    static let goneMessage = "cache wiped while emr was open: nothing more is shown or saved; press q"

    /// The one action `effect` answers with, if any. Nothing is read from or written to a
    /// cache that was wiped under this session (`cacheGone`): a charted entry would go to a
    /// file no one can open again; nor from one whose audit trail is broken (`auditBroken`).
    public func run(_ effect: WorkstationEffect) async -> WorkstationAction? {
        switch effect {
        case .searchPatients, .loadChart, .loadWardDoses, .searchServer, .fetchServerPatient, .syncWithServer, .checkOutbox:
            if let stopped = stopped() { return .cache(.gone(stopped)) }
        case let .save(save):
            if let stopped = stopped() { return .charting(patientID: save.patientID, .saveFailed(stopped)) }
        default:
            break
        }
        switch effect {
        case let .searchPatients(search, isRefresh):
            do {
                let page = try await loadPatientList(search)
                if !isRefresh { try recordSearch(search, outcome: .success) }
                return .list(.loaded(search, page))
            } catch {
                if !isRefresh { try? recordSearch(search, outcome: .failure) }
                return .list(.failed(UserMessage.describe(error)))
            }
        case let .loadChart(patientID, tab, isRefresh):
            let action = AuditAction.chartOpened(tab: tab.name)
            do {
                let openedAt = dependencies.now()
                let content = try await tab.load(patientID: patientID, from: chartSources)
                // Cancelled (another patient's chart opened): never shown, so not a view.
                if Task.isCancelled { return nil }
                if !isRefresh {
                    try audit.record(action, patientID: patientID, outcome: .success)
                    await tab.opened(patientID: patientID, at: openedAt, from: chartSources)
                }
                return .chart(patientID: patientID, .loaded(content, warning: dependencies.integrityWarning()))
            } catch {
                Log.debug("chart.failed", .error(error))
                if !isRefresh { try? audit.record(action, patientID: patientID, outcome: .failure) }
                return .chart(patientID: patientID, .failed(tab, "could not open this chart: \(UserMessage.describe(error))"))
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
            guard let charting else { return .charting(patientID: save.patientID, .saveFailed(Self.readOnly)) }
            return await charting.save(save)
        case .checkOutbox:
            return await charting?.outboxStatus()
        case let .searchServer(text):
            return await server.search(text)
        case let .fetchServerPatient(patient):
            return await server.fetch(patient)
        case .syncWithServer:
            return await dependencies.sync? { _ in }
        case .checkCacheStructure:
            if let damage = dependencies.checkStructure() { return .cache(.damaged(damage)) }
            return stopped().map { .cache(.gone($0)) }
        case .checkServerLogin:
            return .serverLogin(.checked(needed: dependencies.serverLoginNeeded()))
        case .schedule, .cancel, .releaseTerminal, .repaint, .quit, .followResults:
            // The store keeps the timers; the terminal repaints, runs its jobs and quits; the
            // listener's news streams (`run(_:send:)`).
            return nil
        }
    }

    /// Why nothing more is read or written: the cache was wiped, or its audit trail is broken.
    private func stopped() -> String? {
        dependencies.cacheGone() ? Self.goneMessage : dependencies.auditBroken()
    }

    /// The due list, shown only when each patient on it can be recorded as viewed (their
    /// orders, on the due list).
    private func wardDoses(_ ward: String?, isRefresh: Bool) async -> WorkstationAction {
        let action = AuditAction.chartOpened(tab: Self.wardDosesAuditName)
        do {
            let list = try await loadWardDoses(ward: ward)
            if !isRefresh { try audit.record(action, patientIDs: list.patients.map(\.entry.id), outcome: .success) }
            return .wardDoses(.loaded(list))
        } catch {
            Log.debug("ward-doses.failed", .error(error))
            return .wardDoses(.failed("could not read the ward's doses: \(UserMessage.describe(error))"))
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
        let result = await dependencies.verifyUnlock(typed)
        if result.succeeded {
            await backoff.succeeded()
            do {
                try audit.record(.unlock, patientID: nil, outcome: .success)
            } catch {
                return .lock(.unlockResult(succeeded: false, message: "could not record the unlock: \(UserMessage.describe(error))"))
            }
            return .lock(.unlockResult(succeeded: true, message: result.message))
        }
        let wait = await backoff.failed()
        try? audit.record(.unlockFailed(attempts: 1), patientID: nil, outcome: .failure)
        try? await dependencies.clock.sleep(for: wait)
        return .lock(.unlockResult(succeeded: false, message: result.message))
    }
}
