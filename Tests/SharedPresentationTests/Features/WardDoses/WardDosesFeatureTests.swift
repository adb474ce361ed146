import CoreDomain
import CoreUseCases
import Foundation
@testable import SharedPresentation
import Testing

/// The ward's due list as a nurse planning a round uses it: `d` from the list, a patient
/// chosen, `Enter` to their MAR, `Esc` back; each patient shown recorded as viewed.
@Suite struct WardDosesFeatureTests {
    static let order = MedicationRequest(id: "m1", patientID: "p0", medication: CodedConcept(text: "Insulin"),
                                         dose: Quantity(value: 4, unit: "units"), timing: .init(code: "QD"), status: .active)

    /// Two patients with a dose each at 09:00, read at 09:10.
    static var list: WardDoseList {
        let nine = Census.now
        return WardDoseList(patients: [0, 1].map { n in
            WardDoseList.Patient(entry: Census.entry(n), doses: [ScheduledDose(request: order, time: nine)])
        }, window: 3600)
    }

    @Test func dOnTheListOpensTheDueListAndReadsTheWard() {
        var store = TestStore(Census.state())
        store.press(.character("d"), effects: [.wardDoses(.load(ward: nil))]) { $0.wardDoses = WardDosesState() }
        #expect(KeyHelp.bindings(for: store.state) == KeyHelp.wardDoses + KeyHelp.overlayCommon)
        #expect(!KeyHelp.bindings(for: store.state).contains { $0.matches(.tab) }, "no chart here: no tab keys")
    }

    @Test func aPatientIsChosenAndEnterOpensTheirMAR() {
        var state = Census.state()
        #expect(state.press(.character("d")) == [.wardDoses(.load(ward: nil))])
        #expect(state.update(.wardDoses(.loaded(Self.list))).isEmpty)
        #expect(state.press(.down).isEmpty)
        #expect(state.wardDoses?.position.selected == 1)
        #expect(state.press(.enter) == [.chart(patientID: "p1", .load(.summary)), .chart(patientID: "p1", .load(.medications))])
        #expect(state.wardDoses == nil)
        #expect(state.focus == .chart && state.chart?.patientID == "p1" && state.chart?.tab == .medications)
        #expect(state.chart?[MedicationsState.self]?.isMARShown == true)
        #expect(state.patients.selectedEntry?.id == "p1", "the list follows to the patient")
    }

    @Test func escClosesItAndAFailureIsSaidWhereTheListWouldBe() {
        var state = Census.state()
        #expect(state.press(.character("d")) == [.wardDoses(.load(ward: nil))])
        #expect(state.update(.wardDoses(.failed("could not read the ward's doses: disk full"))).isEmpty)
        #expect(state.wardDoses?.list == .failed("could not read the ward's doses: disk full"))
        #expect(state.press(.escape).isEmpty)
        #expect(state.wardDoses == nil && state.focus == .list)
    }

    /// A dose a colleague records (a sync) must not go on reading `due`: the open list is read
    /// again, as a refresh (its patients were recorded as viewed when it opened).
    @Test func theOpenListIsReadAgainWhenTheCacheChangesAndGoesWithAWipe() {
        var state = Census.state()
        #expect(state.press(.character("d")) == [.wardDoses(.load(ward: nil))])
        #expect(state.update(.wardDoses(.loaded(Self.list))).isEmpty)
        #expect(state.update(.sync(.finished(at: Census.now))).contains(.wardDoses(.load(ward: nil, isRefresh: true))))
        #expect(state.update(.cache(.gone("cache wiped while emr was open: nothing more is shown or saved; press q"))).isEmpty)
        #expect(state.wardDoses == nil, "names and drugs leave the screen with the cache")
    }

    /// A MAR opened from the due list for a patient the list's search had left out was replaced
    /// by the list's own patient at the next reload.
    @Test func aMAROpenedFromTheDueListStaysThroughAListReload() {
        var state = Census.state()
        #expect(state.press(.character("d")) == [.wardDoses(.load(ward: nil))])
        let far = WardDoseList(patients: [WardDoseList.Patient(entry: Census.entry(99), doses: [ScheduledDose(request: Self.order, time: Census.now)])],
                               window: 3600)
        #expect(state.update(.wardDoses(.loaded(far))).isEmpty)
        #expect(state.press(.enter) == [.chart(patientID: "p99", .load(.summary)), .chart(patientID: "p99", .load(.medications))])
        #expect(state.update(.list(.loaded(state.currentSearch, PatientPage(entries: [Census.entry(0)], total: 1)))).isEmpty)
        #expect(state.chart?.patientID == "p99" && state.chart?[MedicationsState.self]?.isMARShown == true)
    }

    @Test func eachPatientHasTwoIdentifiersAndEachDoseItsStateInWords() {
        var state = WardDosesState(list: .loaded(Self.list))
        state.position.selected = 0
        let context = ViewContext(now: Census.now.addingTimeInterval(10 * 60), timeZone: Charted.utc, unicode: true) { _ in "" }
        let shown = WardDosesView.content(state, width: 78, context: context).lines.map { $0.spans.map(\.text).joined() }
        #expect(shown[0] == "due 60 min either side of a dose's time; by bed")
        #expect(shown[1].hasPrefix("4W-0  FAMILY0, Given  DOB 1950-01-01  MRN MRN0"), "\(shown)")
        #expect(shown[2].contains("due        Insulin 4 units"), "\(shown)")
        #expect(WardDosesView.content(state, width: 78, context: context).items.first?.first == 1)
    }

    @Test func anEmptyWardSaysSo() {
        let context = ViewContext(now: Census.now, timeZone: Charted.utc, unicode: true) { _ in "" }
        let shown = WardDosesView.content(WardDosesState(list: .loaded(WardDoseList(patients: [], window: 3600))), width: 78, context: context)
        #expect(shown.lines.map { $0.spans.map(\.text).joined() } == ["No dose is due in the next hour or late on this census."])
    }
}

/// The one patient of `OnePatient`, with an order due every two hours: a dose is always due.
struct OneDuePatient: PatientDirectory, ChartRepository {
    let base = OnePatient()
    func listEntries(ward: String?) async throws -> [PatientListEntry] { try await base.listEntries(ward: ward) }
    func wards() async throws -> [String] { try await base.wards() }
    func search(_ search: PatientSearch) async throws -> PatientPage { try await base.search(search) }
    func refresh(patientID: String) async throws {}
    func patient(id: String) async throws -> Patient? { try await base.patient(id: id) }
    func encounters(patientID: String) async throws -> [Encounter] { [] }
    func observations(patientID: String, category: Observation.Category?) async throws -> [Observation] { [] }
    func medicationRequests(patientID: String) async throws -> [MedicationRequest] {
        [MedicationRequest(id: "m1", patientID: patientID, medication: CodedConcept(text: "Paracetamol"), timing: .init(code: "Q2H"), status: .active)]
    }
    func conditions(patientID: String) async throws -> [Condition] { [] }
    func allergies(patientID: String) async throws -> [AllergyIntolerance] { [] }
    func diagnosticReports(patientID: String) async throws -> [DiagnosticReport] { [] }
    func medicationAdministrations(patientID: String) async throws -> [MedicationAdministration] { [] }
    func notes(patientID: String) async throws -> [ClinicalNote] { [] }
    func procedures(patientID: String) async throws -> [Procedure] { [] }
    func immunizations(patientID: String) async throws -> [Immunization] { [] }
    func carePlans(patientID: String) async throws -> [CarePlan] { [] }
    func goals(patientID: String) async throws -> [Goal] { [] }
    func location(id: String) async throws -> Location? { nil }
    func practitioner(id: String) async throws -> Practitioner? { nil }
}

/// Reading the due list records each patient it shows, and shows nothing it cannot record.
@Suite struct WardDosesAuditTests {
    @Test func eachPatientShownIsRecordedAsViewed() async {
        let trail = RecordingTrail()
        let runner = UseCaseEffectRunner(WorkstationDependencies(directory: OneDuePatient(), chart: OneDuePatient(), audit: trail) { _ in (true, nil) })
        guard case let .loaded(list)? = await runner.run(.wardDoses(.load(ward: "4W")))?.wardDoses else {
            Issue.record("the due list did not load")
            return
        }
        #expect(list.patients.map(\.entry.id) == ["p1"])
        #expect(trail.records == [.init(action: .chartOpened(tab: "ward-doses"), patientID: "p1", outcome: .success)])
    }

    @Test func aListThatCannotBeRecordedIsNotShown() async {
        let runner = UseCaseEffectRunner(WorkstationDependencies(directory: OneDuePatient(), chart: OneDuePatient(), audit: RecordingTrail(refuses: true)) { _ in (true, nil) })
        guard case let .failed(message)? = await runner.run(.wardDoses(.load(ward: "4W")))?.wardDoses else {
            Issue.record("a list that could not be recorded was shown")
            return
        }
        #expect(message.hasPrefix("could not read the ward's doses: "))
    }
}
