import CoreDomain
import CoreUseCases
import Foundation

/// The effect runner over the use cases: the same code whether the repositories are the
/// encrypted cache (demo, offline) or anything else that implements them. Each feature's
/// effects go to that feature's own runner (`PatientListEffects`, `ChartEffects`, …), whose
/// answers come back wrapped as that feature's actions; this runner carries out the
/// workstation's own (the sync, the listener, the outbox count, the cache check). Every chart
/// view, search, lock and unlock attempt, charting and correction is recorded in `audit`; data
/// whose access cannot be recorded is not shown.
public struct UseCaseEffectRunner: WorkstationEffectRunner {
    private let dependencies: WorkstationDependencies
    private let list: PatientListEffects
    private let chart: ChartEffects
    private let lock: LockEffects
    /// What an overlay's effects read and record in (`Overlay.run`).
    private let overlaySources: OverlaySources
    private let charting: ChartingEffects?

    public init(_ dependencies: WorkstationDependencies) {
        self.dependencies = dependencies
        let (directory, chart, audit) = (dependencies.directory, dependencies.chart, dependencies.audit)
        charting = dependencies.charting.map {
            ChartingEffects(outbox: ChartingOutbox(vitals: $0, doses: dependencies.doses, notes: dependencies.notes, chart: chart), directory: directory, audit: audit)
        }
        list = PatientListEffects(
            load: LoadPatientList(directory: directory), server: ServerSearchEffects(remote: dependencies.remote, audit: audit), audit: audit)
        let times = dependencies.administrationTimes
        self.chart = ChartEffects(
            sources: ChartSources(chart: chart, administrationTimes: times, directory: directory, resultViews: dependencies.resultViews),
            audit: audit, now: dependencies.now, integrityWarning: dependencies.integrityWarning)
        lock = LockEffects(verify: dependencies.verifyUnlock, audit: audit, clock: dependencies.clock)
        overlaySources = OverlaySources(directory: directory, chart: chart, administrationTimes: times, audit: audit)
    }

    public func run(_ effect: WorkstationEffect, send: @escaping @Sendable (WorkstationAction) -> Void) async {
        if effect == .syncWithServer || effect.syncedPatients != nil, stopped() == nil, let sync = dependencies.sync {
            if let patients = effect.syncedPatients, let syncPatients = dependencies.syncPatients {
                send(await syncPatients(patients, send))
            } else {
                send(await sync(send))
            }
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
        case .list, .chart, .overlay, .syncWithServer, .syncPatients, .checkOutbox:
            if let stopped = stopped() { return .cache(.gone(stopped)) }
        case let .charting(.save(save)):
            if let stopped = stopped() { return .charting(patientID: save.patientID, .saveFailed(stopped)) }
        default:
            break
        }
        switch effect {
        case let .list(effect):
            return .list(await list.run(effect))
        case let .chart(patientID, effect):
            return await chart.run(effect, patientID: patientID).map { .chart(patientID: patientID, $0) }
        case let .overlay(effect):
            return .overlay(await effect.run(with: overlaySources))
        case let .lock(effect):
            return await lock.run(effect).map { .lock($0) }
        case let .charting(.save(save)):
            guard let charting else { return .charting(patientID: save.patientID, .saveFailed(Self.readOnly)) }
            return .charting(patientID: save.patientID, await charting.run(.save(save)))
        case .checkOutbox:
            guard let charting else { return nil }
            return .outbox(await charting.outboxStatus())
        case .syncWithServer:
            return await dependencies.sync? { _ in }
        case let .syncPatients(patients):
            guard let syncPatients = dependencies.syncPatients else { return await dependencies.sync? { _ in } }
            return await syncPatients(patients) { _ in }
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

    private static let readOnly = "this session cannot chart (no outbox): restart emr normally"
}
