import CoreDomain
import CoreUseCases
import Foundation
@testable import SharedPresentation
import Testing

/// An infusion on the MAR, chosen like a dose: `r` starts it, changes its rate, pauses,
/// resumes or stops it, each with the wristband check and one record sent through the outbox;
/// a rate is checked against the order's as a dose is (the issue: infusions were "unclear",
/// and nothing could be recorded for them).
@Suite struct InfusionFormTests {
    typealias Form = DoseFormFeatureTests

    static let rate = MedicationRequest.Rate(amount: Quantity(value: 18, unit: "units/kg/h", ucumCode: "U/kg/h"))
    static let heparin: MedicationRequest = {
        var order = MedicationRequest(id: "h", patientID: "p0", medication: CodedConcept(text: "Heparin 25,000 units in 250 mL"),
                                      route: CodedConcept(text: "IV"), status: .active, authoredOn: Census.now.addingTimeInterval(-86_400), rate: rate)
        order.additionalInstructions = ["titrate to aPTT"]
        return order
    }()

    static func list(_ administrations: [MedicationAdministration] = []) -> MedicationList {
        var list = MedicationList(requests: [Form.amoxicillin, heparin])
        list.record = MedicationAdministrationRecord(
            requests: list.active, administrations: administrations, from: Form.calendar.startOfDay(for: Census.now),
            to: Form.calendar.startOfDay(for: Census.now).addingTimeInterval(86_399), ward: WardAdministrationTimes(), calendar: Form.calendar)
        return list
    }

    /// The MAR with the infusion chosen (after the amoxicillin's three doses), then `r`.
    static func opened(_ list: MedicationList = list()) -> WorkstationState {
        var state = Charted.state(tab: .medications)
        #expect(state.update(.chart(patientID: "p0", .loaded(ChartContent(MedicationsState.self, list)))).isEmpty)
        #expect(state.press(.character("m"), .character("G")).isEmpty)
        #expect(state.chart?[MedicationsState.self]?.chosenDose == 3, "the infusion, after the three doses")
        #expect(KeyHelp.bindings(for: state).contains(KeyHelp.marInfusion))
        #expect(!KeyHelp.bindings(for: state).contains(KeyHelp.marDoses[1]), "no x on an infusion")
        #expect(state.press(.character("r")).isEmpty)
        return state
    }

    static func saved(_ state: inout WorkstationState) -> (DoseRecord, [DoseOverrideKind])? {
        guard case let .charting(.save(save))? = state.press(.enter).first, case let .record(record, overrides, check)? = save.write as? DoseSave,
              check == nil else { return nil }
        return (record, overrides)
    }

    var form: (WorkstationState) -> InfusionFormState? { { $0.charting?[InfusionFormState.self] } }

    @Test func itIsStartedAfterTheWristbandAndItsName() throws {
        var state = Self.opened()
        #expect(form(state)?.step == .wristband)
        #expect(state.type("MRN0").isEmpty)
        #expect(state.press(.enter).isEmpty)
        #expect(form(state)?.step == .action)
        #expect(state.press(.character("p")).isEmpty, "not running: nothing to pause")
        #expect(form(state)?.step == .action)
        #expect(state.press(.character("s")).isEmpty)
        #expect(form(state)?.step == .drug)
        #expect(state.type("Heparin").isEmpty, "no code on the order: its name")
        #expect(state.press(.enter).isEmpty)
        #expect(form(state)?.input == "18 units/kg/h", "the order's rate, prefilled")
        #expect(state.press(.enter, .enter).isEmpty)
        #expect(form(state)?.step == .confirming)
        let (record, overrides) = try #require(Self.saved(&state))
        #expect(record.infusionAction == .start && record.status == .inProgress && record.rate == Self.rate)
        #expect(overrides.isEmpty)
        #expect(record.auditKind == .infusionStarted)
    }

    /// Running: a rate more than twice the order's asks why and the rate again, audited as a
    /// rate override; a unit that cannot be compared is refused.
    @Test func aRateChangeIsCheckedAgainstTheOrderLikeADose() throws {
        let started = MedicationAdministration(id: "s", patientID: "p0", requestID: "h", status: .inProgress, effective: Form.at(9),
                                               performer: "nurse1", rate: Self.rate)
        var state = Self.opened(Self.list([started]))
        #expect(state.type("MRN0").isEmpty)
        #expect(state.press(.enter, .character("c")).isEmpty)
        #expect(state.press(.control("u")).isEmpty)
        #expect(state.type("40 mg/h").isEmpty)
        #expect(state.press(.enter).isEmpty)
        #expect(form(state)?.refusal?.contains("cannot be compared") == true, "\(form(state)?.refusal ?? "")")
        #expect(state.press(.control("u")).isEmpty)
        #expect(state.type("40 units/kg/h").isEmpty)
        #expect(state.press(.enter).isEmpty)
        guard case let .rateReason(difference)? = form(state)?.step else {
            Issue.record("no reason asked: \(String(describing: form(state)?.step))")
            return
        }
        #expect(difference.sentence == "40 units/kg/h is 2.22x the ordered 18 units/kg/h")
        #expect(state.type("aPTT 38, protocol step 3").isEmpty)
        #expect(state.press(.enter).isEmpty)
        #expect(state.type("40 units/kg/h").isEmpty)
        #expect(state.press(.enter, .enter).isEmpty)
        #expect(form(state)?.step == .confirming)
        let screen = InfusionFormView.content(form(state)!, width: 76, context: BedsideChecksTests.context).lines.map(\.plainText).joined(separator: "\n")
        #expect(screen.contains("RATE CHANGE at 40 units/kg/h (ordered 18 units/kg/h)"), "\(screen)")
        let (record, overrides) = try #require(Self.saved(&state))
        #expect(record.infusionAction == .rateChange && record.rate?.amount.value == 40)
        #expect(overrides == [.rate])
    }

    /// The rate step's example and refusal are the order's own rate, never another drug's
    /// (every infusion was told to type `18 units/kg/h`, heparin's).
    @Test func theRateStepSpeaksInTheOrdersOwnRate() throws {
        let started = MedicationAdministration(id: "s", patientID: "p0", requestID: "h", status: .inProgress, effective: Form.at(9),
                                               performer: "nurse1", rate: Self.rate)
        var state = Self.opened(Self.list([started]))
        #expect(state.type("MRN0").isEmpty)
        #expect(state.press(.enter, .character("c")).isEmpty)
        var opened = try #require(self.form(state))
        opened.infusion.request.rate = .init(amount: Quantity(value: Decimal(string: "0.05")!, unit: "mcg/kg/min"))
        let screen = InfusionFormView.content(opened, width: 76, context: BedsideChecksTests.context).lines.map(\.plainText).joined(separator: " ")
        #expect(screen.contains("(ordered: 0.05 mcg/kg/min)") && !screen.contains("units/kg/h)"), "\(screen)")
        #expect(state.press(.control("u")).isEmpty)
        #expect(state.type("fast").isEmpty)
        #expect(state.press(.enter).isEmpty)
        #expect(self.form(state)?.refusal == "rate must be a number and a unit, as ordered: 18 units/kg/h")
    }

    @Test func pausedWithWhy() throws {
        let started = MedicationAdministration(id: "s", patientID: "p0", requestID: "h", status: .inProgress, effective: Form.at(9),
                                               performer: "nurse1", rate: Self.rate)
        var state = Self.opened(Self.list([started]))
        #expect(state.type("MRN0").isEmpty)
        #expect(state.press(.enter, .character("p")).isEmpty)
        #expect(state.type("to theatre").isEmpty)
        #expect(state.press(.enter, .enter).isEmpty)
        let (record, _) = try #require(Self.saved(&state))
        #expect(record.infusionAction == .pause && record.status == .onHold && record.rate == nil && record.reason == "to theatre")
    }

    /// A record is read in time order, each against the one before it: a pause or a rate change
    /// timed at or before the infusion's last record would be read as coming first (a change
    /// before its start is a start), so the time step refuses it and names the last record's.
    @Test func aTimeAtOrBeforeTheLastRecordIsRefused() throws {
        let started = MedicationAdministration(id: "s", patientID: "p0", requestID: "h", status: .inProgress, effective: Form.at(9),
                                               performer: "nurse1", rate: Self.rate)
        var state = Self.opened(Self.list([started]))
        #expect(state.type("MRN0").isEmpty)
        #expect(state.press(.enter, .character("p")).isEmpty)
        #expect(state.press(.enter).isEmpty)
        #expect(form(state)?.step == .time)
        for typed in ["08:30", "09:00"] {
            #expect(state.type(typed).isEmpty)
            #expect(state.press(.enter).isEmpty)
            #expect(form(state)?.step == .time, "\(typed) is not after the start")
            #expect(form(state)?.refusal == "time must be after this infusion's last record, at 09:00 (empty for now)")
            #expect(state.press(.control("u")).isEmpty)
        }
        #expect(state.type("09:01").isEmpty)
        #expect(state.press(.enter).isEmpty)
        #expect(form(state)?.step == .confirming)
    }

    /// On the MAR and the ward's due list, an infusion not yet started says so.
    @Test func theMARAndTheDueListShowAnInfusionNotStarted() {
        let context = BedsideChecksTests.context
        let mar = MARView.content(Self.list(), chosen: 3, width: 76, context: context)
        let text = mar.lines.map(\.plainText).joined(separator: "\n")
        #expect(text.contains("Infusions") && text.contains("> Heparin 25,000 units in 250 mL") && text.contains("not started · titrate to aPTT"), "\(text)")
        #expect(mar.items.count == 4, "three doses and the infusion")
        let patient = WardDoseList.Patient(entry: Census.entry(0), doses: [], infusionsToStart: Self.list().record!.infusions)
        let due = WardDosesView.content(WardDosesState(list: .loaded(WardDoseList(patients: [patient], window: 3600))), width: 76, context: context)
        #expect(due.lines.map(\.plainText).joined(separator: " ").contains("not started"))
    }
}
