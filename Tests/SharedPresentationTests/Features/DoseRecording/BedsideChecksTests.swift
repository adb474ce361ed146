import CoreDomain
import CoreUseCases
import Foundation
@testable import SharedPresentation
import Testing

/// The dose form's bedside checks (issue 28): the right dose against the order, in its unit
/// and with the ratio; which dose a late one is; the right drug, scanned or named; the
/// pre-administration checks. Each was a way a wrong dose went through silently.
@Suite struct BedsideChecksTests {
    typealias Form = DoseFormFeatureTests

    /// Piperacillin/tazobactam 4.5 g IV, coded (NDC and RxNorm), TID as the fixture's amoxicillin.
    static let piptaz: MedicationRequest = {
        var order = Form.amoxicillin
        order.medication = CodedConcept(codings: [Coding(system: CodeSystem.rxnorm, code: "1659149", display: "Piperacillin 4 GM / Tazobactam 0.5 GM Injection"),
                                                  Coding(system: "http://hl7.org/fhir/sid/ndc", code: "60505-0771-0")],
                                        text: "Piperacillin/tazobactam")
        order.dose = Quantity(value: Decimal(string: "4.5")!, unit: "g", ucumCode: "g")
        order.route = CodedConcept(text: "IV")
        return order
    }()

    static func list(_ order: MedicationRequest, checks: [PreDoseCheckResult] = []) -> MedicationList {
        var list = MedicationList(requests: [order])
        list.record = MedicationAdministrationRecord(
            requests: list.active, administrations: [], from: Form.calendar.startOfDay(for: Census.now),
            to: Form.calendar.startOfDay(for: Census.now).addingTimeInterval(86_399), ward: WardAdministrationTimes(), calendar: Form.calendar)
        if !checks.isEmpty { list.preDoseChecks[order.id] = checks }
        return list
    }

    /// The 14:00 dose chosen, given, its drug scanned by its NDC.
    static func scanned(_ order: MedicationRequest = piptaz, checks: [PreDoseCheckResult] = []) -> WorkstationState {
        var state = Form.opened(list(order, checks: checks), wristbandCheck: false)
        #expect(state.press(.character("g")).isEmpty)
        #expect(state.doseForm?.step == .drug)
        #expect(state.type("60505-0771-00").isEmpty, "the 11-digit form of the order's NDC")
        #expect(state.press(.enter).isEmpty)
        return state
    }

    /// The saved record, once Enter is pressed on the confirm step.
    static func saved(_ state: inout WorkstationState) -> (DoseRecord, [DoseOverrideKind])? {
        guard case let .charting(.save(save))? = state.press(.enter).first, case let .record(dose, overrides, _)? = save.write as? DoseSave else { return nil }
        return (dose, overrides)
    }

    /// 45 g for a 4.5 g order: the ratio said, a reason and the dose again asked, audited as an
    /// override, and the record carries the dose given beside the order's.
    @Test func aTenfoldDoseIsQuestionedWithItsRatioAndKeptAsGiven() throws {
        var state = Self.scanned()
        #expect(state.doseForm?.drugConfirmed == "NDC 60505-0771-0")
        #expect(state.doseForm?.step == .dose)
        #expect(state.press(.control("u")).isEmpty)
        #expect(state.type("45 g").isEmpty)
        #expect(state.press(.enter).isEmpty)
        let tenfold = DoseDifference(given: "45 g", ordered: "4.5 g", ratio: 10)
        #expect(state.doseForm?.step == .doseReason(tenfold))
        #expect(tenfold.sentence == "45 g is 10x the ordered 4.5 g")
        #expect(state.press(.enter).isEmpty)
        #expect(state.doseForm?.refusal != nil, "never without a reason")
        #expect(state.type("loading dose per ID").isEmpty)
        #expect(state.press(.enter).isEmpty)
        #expect(state.doseForm?.step == .doseRetype(tenfold))
        #expect(state.type("4.5 g").isEmpty)
        #expect(state.press(.enter).isEmpty)
        #expect(state.doseForm?.refusal == "not the same dose: type 45 g again, or Esc to go back", "a slip is not confirmed by another")
        #expect(state.type("45000 mg").isEmpty, "the same amount in another unit")
        #expect(state.press(.enter, .enter, .enter).isEmpty)
        #expect(state.doseForm?.step == .confirming)
        let screen = DoseFormView.content(state.doseForm!, width: 76, context: Self.context).lines.map(\.plainText).joined(separator: "\n")
        #expect(screen.contains("GIVEN 45 g (ordered 4.5 g) IV"), "\(screen)")
        #expect(screen.contains("45 g is 10x the ordered 4.5 g"))
        let (record, overrides) = try #require(Self.saved(&state))
        #expect(record.dose == Quantity(value: 45, unit: "g") && record.orderedDose == Self.piptaz.dose)
        #expect(record.notes.contains("dose 45 g is 10x the ordered 4.5 g: loading dose per ID"))
        #expect(overrides == [.dose])
    }

    /// 6 g for 4.5 g: no reason asked, but the confirm step says how many times it is.
    @Test func anotherDoseWithinTwiceIsSaidWithItsRatio() throws {
        var state = Self.scanned()
        #expect(state.press(.control("u")).isEmpty)
        #expect(state.type("6 g").isEmpty)
        #expect(state.press(.enter, .enter, .enter).isEmpty)
        #expect(state.doseForm?.step == .confirming)
        let screen = DoseFormView.content(state.doseForm!, width: 76, context: Self.context).lines.map(\.plainText).joined(separator: "\n")
        #expect(screen.contains("6 g is 1.33x the ordered 4.5 g"), "\(screen)")
        let (_, overrides) = try #require(Self.saved(&state))
        #expect(overrides.isEmpty)
    }

    @Test func unitsAgainstGramsAreRefused() {
        var state = Self.scanned()
        #expect(state.press(.control("u")).isEmpty)
        #expect(state.type("4 units").isEmpty)
        #expect(state.press(.enter).isEmpty)
        #expect(state.doseForm?.step == .dose)
        #expect(state.doseForm?.refusal?.contains("cannot be compared") == true, "\(state.doseForm?.refusal ?? "")")
    }

    /// A scanned code of another drug is WRONG DRUG and nothing goes on; the name typed for a
    /// barcode that will not scan is taken, audited.
    @Test func aWrongDrugIsRefusedAndAnUnscannedOneIsAudited() throws {
        var state = Form.opened(Self.list(Self.piptaz), wristbandCheck: false)
        #expect(state.press(.character("g")).isEmpty)
        #expect(state.type("00409-4888-01").isEmpty)
        #expect(state.press(.enter).isEmpty)
        #expect(state.doseForm?.step == .drug)
        #expect(state.doseForm?.refusal == "WRONG DRUG: scanned 00409-4888-01, order is Piperacillin/tazobactam")
        #expect(state.type("Piperacillin tazobactam").isEmpty)
        #expect(state.press(.enter).isEmpty)
        #expect(state.doseForm?.step == .dose)
        #expect(state.press(.enter, .enter, .enter).isEmpty)
        let (record, overrides) = try #require(Self.saved(&state))
        #expect(overrides == [.drugNotScanned])
        #expect(record.notes == ["drug name typed, not scanned: Piperacillin tazobactam"])
    }

    /// The 09:00 dose missed (14:00 has come due): giving asks which it is; the 14:00 one,
    /// early, is recorded as 14:00's and 09:00 stays as it was.
    @Test func aMissedDoseAsksWhichDoseItIsAndIsRecordedAsThatOne() throws {
        var state = Form.opened(Self.list(Form.amoxicillin), wristbandCheck: false, dose: 0)
        #expect(state.press(.character("g")).isEmpty)
        guard case let .whichDose(choices)? = state.doseForm?.step else {
            Issue.record("no question: \(String(describing: state.doseForm?.step))")
            return
        }
        #expect(choices.map(\.dose.time) == [Form.at(9), Form.at(14)])
        let screen = DoseFormView.content(state.doseForm!, width: 76, context: Self.context).lines.map(\.plainText).joined(separator: "\n")
        #expect(screen.contains("1 the 09:00 dose, given late now (313 min)") && screen.contains("2 the 14:00 dose, on time now"), "\(screen)")
        #expect(state.press(.character("2")).isEmpty)
        #expect(state.type("Amoxicillin").isEmpty)
        #expect(state.press(.enter, .enter, .enter, .enter).isEmpty)
        #expect(state.doseForm?.step == .confirming, "on time as the 14:00 dose: no warning")
        let (record, _) = try #require(Self.saved(&state))
        #expect(record.scheduledTime == Form.at(14))
    }

    /// Digoxin's heart rate too old: the dose form says so, asks why (or Esc, to chart it
    /// first), and the record keeps the answer, audited as a pre-dose check passed.
    @Test func aPreDoseCheckTooOldAsksWhyBeforeTheDose() throws {
        var digoxin = Form.amoxicillin
        digoxin.medication = CodedConcept(text: "Digoxin")
        let old = PreDoseCheckResult(
            requirement: PreDoseRequirement(measure: .heartRate, freshness: .within(4 * 3600)),
            last: PreDoseReading(value: Quantity(value: 58, unit: "/min", ucumCode: "/min"), taken: Census.now.addingTimeInterval(-5 * 3600),
                                 age: 5 * 3600, observationID: "hr", flag: .low),
            status: .tooOld)
        var state = Form.opened(Self.list(digoxin, checks: [old]), wristbandCheck: false)
        #expect(state.press(.character("g")).isEmpty)
        #expect(state.type("Digoxin").isEmpty)
        #expect(state.press(.enter).isEmpty)
        #expect(state.doseForm?.step == .preDoseCheck(old))
        let screen = DoseFormView.content(state.doseForm!, width: 76, context: Self.context).lines.map(\.plainText).joined(separator: " ")
        #expect(screen.contains("check heart rate 58 L /min 5 h ago is older than 4 h: chart it first or give a reason"), "\(screen)")
        #expect(state.type("monitored on telemetry, HR 64").isEmpty)
        #expect(state.press(.enter).isEmpty)
        #expect(state.doseForm?.step == .dose)
        #expect(state.press(.enter, .enter, .enter).isEmpty)
        let (record, overrides) = try #require(Self.saved(&state))
        #expect(overrides == [.preDoseCheck])
        #expect(record.notes == ["heart rate not current: monitored on telemetry, HR 64"])
    }

    static let context = ViewContext(now: Census.now, timeZone: Charted.utc, unicode: true) { _ in "" }
}
