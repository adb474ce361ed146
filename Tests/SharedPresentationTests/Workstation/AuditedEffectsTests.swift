import CoreDomain
import CoreUseCases
import Foundation
@testable import SharedPresentation
import Testing
import TestSupport

/// Collects what the runner records, or refuses everything when `refuses` is set.
final class RecordingTrail: AuditTrail, @unchecked Sendable {
    struct Refused: Error {}
    struct Record: Equatable {
        var action: AuditAction
        var patientID: String?
        var outcome: AuditOutcome
    }

    private let lock = NSLock()
    private var stored: [Record] = []
    let refuses: Bool

    init(refuses: Bool = false) { self.refuses = refuses }

    var records: [Record] { lock.withLock { stored } }

    func record(_ action: AuditAction, patientID: String?, outcome: AuditOutcome) throws {
        if refuses { throw Refused() }
        lock.withLock { stored.append(Record(action: action, patientID: patientID, outcome: outcome)) }
    }
}

/// One patient with an empty record: every tab loads, any other id is not found.
struct OnePatient: PatientDirectory, ChartRepository {
    let entry = Census.entry(1)
    /// What the cache holds as given (a dose another session recorded).
    var administrations: [MedicationAdministration] = []

    func listEntries(ward: String?) async throws -> [PatientListEntry] { [entry] }
    func wards() async throws -> [String] { ["4W"] }
    func search(_ search: PatientSearch) async throws -> PatientPage { PatientSearchIndex(entries: [entry]).page(for: search) }
    func refresh(patientID: String) async throws {}
    func patient(id: String) async throws -> Patient? { id == entry.id ? entry.patient : nil }
    func encounters(patientID: String) async throws -> [Encounter] { [] }
    func observations(patientID: String, category: Observation.Category?) async throws -> [Observation] { [] }
    func medicationRequests(patientID: String) async throws -> [MedicationRequest] { [] }
    func conditions(patientID: String) async throws -> [Condition] { [] }
    func allergies(patientID: String) async throws -> [AllergyIntolerance] { [] }
    func diagnosticReports(patientID: String) async throws -> [DiagnosticReport] { [] }
    func medicationAdministrations(patientID: String) async throws -> [MedicationAdministration] { administrations }
    func notes(patientID: String) async throws -> [ClinicalNote] { [] }
    func procedures(patientID: String) async throws -> [Procedure] { [] }
    func immunizations(patientID: String) async throws -> [Immunization] { [] }
    func carePlans(patientID: String) async throws -> [CarePlan] { [] }
    func goals(patientID: String) async throws -> [Goal] { [] }
    func location(id: String) async throws -> Location? { nil }
    func practitioner(id: String) async throws -> Practitioner? { nil }
}

/// Every audited effect leaves exactly one entry with the right action, patient and outcome.
@Suite struct AuditedEffectsTests {
    private func runner(_ trail: RecordingTrail, unlocks: Bool = true, clock: ManualClock = ManualClock()) -> UseCaseEffectRunner {
        UseCaseEffectRunner(WorkstationDependencies(directory: OnePatient(), chart: OnePatient(), audit: trail, clock: clock) { _ in
            unlocks ? (true, nil) : (false, "wrong passphrase: try again")
        })
    }

    @Test(arguments: ChartTab.registered)
    func eachChartTabShownIsOneEntry(tab: ChartTab) async {
        let trail = RecordingTrail()
        let result = await runner(trail).run(.chart(patientID: "p1", .load(tab)))
        guard case .chart(patientID: "p1", .loaded) = result else {
            Issue.record("chart did not load: \(String(describing: result))")
            return
        }
        #expect(trail.records == [.init(action: .chartOpened(tab: tab.name), patientID: "p1", outcome: .success)])
    }

    @Test func recordsLeftOutForFailingTheirIntegrityCheckAreReportedWithTheChart() async {
        let runner = UseCaseEffectRunner(WorkstationDependencies(
            directory: OnePatient(), chart: OnePatient(), audit: RecordingTrail(),
            integrityWarning: { "Record 3 in the cache's resource table failed its integrity check" }
        ) { _ in (true, nil) })
        let result = await runner.run(.chart(patientID: "p1", .load(.vitals)))
        guard case let .chart(_, .loaded(_, warning)) = result else {
            Issue.record("chart did not load: \(String(describing: result))")
            return
        }
        #expect(warning == "Record 3 in the cache's resource table failed its integrity check")
    }

    @Test func aChartThatFailsToLoadIsRecordedAsAFailure() async {
        let trail = RecordingTrail()
        let result = await runner(trail).run(.chart(patientID: "nobody", .load(.summary)))
        guard case .chart(patientID: "nobody", .failed(.summary, _)) = result else {
            Issue.record("expected a failure: \(String(describing: result))")
            return
        }
        #expect(trail.records == [.init(action: .chartOpened(tab: "summary"), patientID: "nobody", outcome: .failure)])
    }

    @Test func aChartWhoseViewCannotBeRecordedIsNotShown() async {
        let result = await runner(RecordingTrail(refuses: true)).run(.chart(patientID: "p1", .load(.vitals)))
        guard case .chart(patientID: "p1", .failed(.vitals, _)) = result else {
            Issue.record("an unaudited chart was shown: \(String(describing: result))")
            return
        }
    }

    @Test func aSearchIsRecordedByItsKindsOnlyAndPagesAreNotNewSearches() async throws {
        let trail = RecordingTrail()
        let runner = runner(trail)
        for search in [PatientSearch(text: "given 1951-01"), PatientSearch(text: "given 1951-01", offset: 200), PatientSearch(text: "")] {
            let answer = await runner.run(.list(.search(search)))
            let found = if case let .list(.loaded(answered, page))? = answer { answered == search && page.total == 1 } else { false }
            #expect(found, "\(search.text) offset \(search.offset) finds the one patient: \(String(describing: answer))")
        }
        #expect(trail.records == [.init(action: .search(kinds: [.name, .birthDate]), patientID: nil, outcome: .success)])
    }

    @Test func aRefreshAfterASyncShowsTheChartAndListWithoutRecordingANewAccess() async {
        let trail = RecordingTrail()
        let runner = runner(trail)
        let chart = await runner.run(.chart(patientID: "p1", .load(.vitals, isRefresh: true)))
        let list = await runner.run(.list(.search(PatientSearch(text: "given"), isRefresh: true)))
        guard case .chart(patientID: "p1", .loaded) = chart, case .list(.loaded)? = list else {
            Issue.record("the refresh did not load: \(String(describing: chart)), \(String(describing: list))")
            return
        }
        let gone = await runner.run(.chart(patientID: "nobody", .load(.summary, isRefresh: true)))
        let failed = if case .chart(patientID: "nobody", .failed(.summary, _))? = gone { true } else { false }
        #expect(failed, "a patient the cache no longer has: \(String(describing: gone))")
        #expect(trail.records.isEmpty)
    }

    @Test func lockAndUnlockAreRecorded() async {
        let trail = RecordingTrail()
        let runner = runner(trail)
        #expect(await runner.run(.lock(.locked)) == nil)
        #expect(await runner.run(.lock(.verify("right"))) == .lock(.unlockResult(succeeded: true, message: nil)))
        #expect(trail.records == [
            .init(action: .lock, patientID: nil, outcome: .success),
            .init(action: .unlock, patientID: nil, outcome: .success),
        ])
    }

    /// The answer waits 1 s, then 2 s for the next wrong one, on the runner's clock: a manual
    /// one here, so "not yet" is a fact (the answer is still waiting) and no test sleeps.
    @Test func aWrongPassphraseIsRecordedAndAnsweredAfterTheBackOff() async {
        let trail = RecordingTrail()
        let clock = ManualClock()
        let runner = runner(trail, unlocks: false, clock: clock)
        for (attempt, wait) in [(1, Duration.seconds(1)), (2, .seconds(2))] {
            let answer = Task { await runner.run(.lock(.verify("wrong"))) }
            #expect(await eventually { clock.deadlines == [clock.now.offset + wait] }, "attempt \(attempt) waits \(wait)")
            clock.advance(by: wait - .milliseconds(1))
            #expect(clock.deadlines.count == 1, "not answered before its wait is over")
            clock.advance(by: .milliseconds(1))
            #expect(await answer.value == .lock(.unlockResult(succeeded: false, message: "wrong passphrase: try again")))
        }
        #expect(trail.records == Array(repeating: .init(action: .unlockFailed(attempts: 1), patientID: nil, outcome: .failure), count: 2))
    }

    @Test func lockingByKeyOrIdleTimeAsksForOneLockEntry() {
        var state = Census.state()
        #expect(state.update(.key(.character("L"))) == [.lock(.locked)])
        #expect(state.update(.timerFired(.idleLock)) == [], "already locked: no second entry")
        var idle = Census.state()
        #expect(idle.update(.timerFired(.idleLock)) == [.lock(.locked)])
    }
}

/// A cache wiped under the session is read from and written to no more.
@Suite struct WipedCacheTests {
    private let runner = UseCaseEffectRunner(WorkstationDependencies(
        directory: OnePatient(), chart: OnePatient(), audit: RecordingTrail(), cacheGone: { true }) { _ in (true, nil) })

    @Test func readsAnswerThatTheCacheIsGone() async {
        let answer = await runner.run(.list(.search(PatientSearch())))
        guard case .cache(.gone(let message))? = answer else { Issue.record("\(String(describing: answer))"); return }
        #expect(message.hasPrefix("cache wiped while emr was open"))
        #expect(await runner.run(.chart(patientID: "p1", .load(.summary))) == .cache(.gone(message)))
    }

    @Test func chartingIsNotSavedAndTheFormKeepsItsValues() async {
        let entry = VitalsEntry(patientID: "p1", effective: Date(timeIntervalSince1970: 0), heartRate: 80)
        guard case .charting(let patientID, .saveFailed(let message))? = await runner.run(.charting(RecordVitalsSave(entry).effect)) else { Issue.record("saved"); return }
        #expect(patientID == "p1" && message.contains("nothing more is shown or saved"))
    }

    @Test func theStateShowsNothingOfItAnyMore() {
        var state = Census.state()
        #expect(state.press(.enter).isEmpty, "the chart beside the list is open already")
        #expect(state.chart != nil)
        #expect(state.update(.cache(.gone("wiped"))).isEmpty)
        #expect(state.chart == nil && state.patients.window.isEmpty && state.patients.total == 0)
        #expect(state.notice?.text == "wiped")
    }
}

/// A broken audit trail takes no more entries (Security.md), so the
/// workstation shows and saves nothing more, as after a wipe, and says the one thing to do.
@Suite struct BrokenTrailTests {
    private let broken = "The audit trail is broken at entry 3: it was altered. copy its folder as evidence; press q"
    private var runner: UseCaseEffectRunner {
        let message = broken
        return UseCaseEffectRunner(WorkstationDependencies(
            directory: OnePatient(), chart: OnePatient(), audit: RecordingTrail(), auditBroken: { message }) { _ in (true, nil) })
    }

    @Test func readsAndChartingAnswerWithTheBreak() async {
        #expect(await runner.run(.list(.search(PatientSearch()))) == .cache(.gone(broken)))
        #expect(await runner.run(.chart(patientID: "p1", .load(.summary))) == .cache(.gone(broken)))
        let entry = VitalsEntry(patientID: "p1", effective: Date(timeIntervalSince1970: 0), heartRate: 80)
        #expect(await runner.run(.charting(RecordVitalsSave(entry).effect)) == .charting(patientID: "p1", .saveFailed(broken)))
    }

    /// The workstation checks the chain beside its first frame: a break found clears the screen.
    @Test func theCheckBesideTheFirstFrameClearsTheScreen() async {
        #expect(await runner.run(.checkCacheStructure) == .cache(.gone(broken)))
    }
}
