import CoreDomain
import Foundation
@testable import SharedPresentation
import CoreUseCases
import Testing

@Suite struct MedicationLineTextTests {
    let oral = CodedConcept(codings: [Coding(system: CodeSystem.snomed, code: "26643006", display: "Oral route")])

    @Test func writesNameDoseRouteAndFrequency() {
        let prednisone = MedicationRequest(
            id: "m1", patientID: "p1", medication: CodedConcept(text: "Prednisone"),
            dose: Quantity(value: 40, unit: "mg", ucumCode: "mg"), route: oral,
            timing: .init(frequency: 1, period: 1, periodUnit: "d"))
        #expect(MedicationLineText.format(prednisone, unicode: true) == "Prednisone 40 mg PO daily")
    }

    @Test func addsPRNForAsNeededOrders() throws {
        let salbutamol = MedicationRequest(
            id: "m2", patientID: "p1", medication: CodedConcept(text: "Salbutamol"),
            dose: Quantity(value: try #require(Decimal(string: "2.50")), ucumCode: "mg"), route: CodedConcept(text: "Nebulized"),
            timing: .init(frequency: 1, period: 4, periodUnit: "h"), asNeeded: true)
        #expect(MedicationLineText.format(salbutamol, unicode: true) == "Salbutamol 2.5 mg neb q4h PRN")
    }

    /// `asNeeded` once, with what it is for: `PRN pain`, `PRN wheeze`.
    @Test func anAsNeededOrderSaysWhatItIsFor() {
        let acetaminophen = MedicationRequest(
            id: "m10", patientID: "p1", medication: CodedConcept(text: "Acetaminophen"), dose: Quantity(value: 500, unit: "mg", ucumCode: "mg"),
            route: oral, timing: .init(code: "Q6H"), asNeeded: true, asNeededFor: CodedConcept(text: "pain"))
        #expect(MedicationLineText.format(acetaminophen, unicode: true) == "Acetaminophen 500 mg PO q6h PRN pain")
        let written = MedicationRequest(
            id: "m11", patientID: "p1", medication: CodedConcept(text: "Salbutamol"), frequencyText: "2 puffs PRN",
            asNeeded: true, asNeededFor: CodedConcept(text: "wheeze"))
        let line = MedicationLineText.format(written, unicode: true)
        #expect(line == "Salbutamol (as written: 2 puffs PRN) for wheeze", "the text says PRN, the reason is added once")
        let saysBoth = MedicationRequest(
            id: "m12", patientID: "p1", medication: CodedConcept(text: "Salbutamol"), frequencyText: "2 puffs PRN wheeze",
            asNeeded: true, asNeededFor: CodedConcept(text: "Wheeze"))
        #expect(MedicationLineText.format(saysBoth, unicode: true) == "Salbutamol (as written: 2 puffs PRN wheeze)")
    }

    @Test func leavesOutWhatIsMissing() {
        let bare = MedicationRequest(id: "m3", patientID: "p1", medication: CodedConcept(text: "Paracetamol"), frequencyText: "as directed")
        #expect(MedicationLineText.format(bare, unicode: false) == "Paracetamol (as written: as directed)")
    }

    /// Seen on the demo's Meds tab: the prescriber's text run into the structured dose, and
    /// Q6H shown as QID (not the same instruction: Q6H is by the clock).
    @Test func theCodedScheduleIsShownAsWrittenAndTheFreeTextNeverRepeatsTheStructure() {
        let acetaminophen = MedicationRequest(
            id: "m4", patientID: "p1", medication: CodedConcept(text: "Acetaminophen"), dose: Quantity(value: 500, unit: "mg", ucumCode: "mg"),
            route: oral, frequencyText: "500mg PO Q6H PRN", timing: .init(frequency: 4, period: 1, periodUnit: "d", code: "Q6H"), asNeeded: true)
        #expect(MedicationLineText.format(acetaminophen, unicode: true) == "Acetaminophen 500 mg PO q6h PRN")
        let q8h = MedicationRequest(
            id: "m5", patientID: "p1", medication: CodedConcept(text: "Cefazolin"), dose: Quantity(value: 2, unit: "g", ucumCode: "g"),
            timing: .init(frequency: 3, period: 1, periodUnit: "d", code: "Q8H"))
        #expect(MedicationLineText.format(q8h, unicode: true) == "Cefazolin 2 g q8h")
    }

    @Test func anInfusionShowsItsRateAndAWeightBasedDoseItsUnit() {
        let ringer = MedicationRequest(
            id: "m7", patientID: "p1", medication: CodedConcept(text: "Lactated Ringer"), dose: Quantity(value: 125, unit: "mL", ucumCode: "mL"),
            route: CodedConcept(text: "Intravenous"), rate: .init(amount: Quantity(value: 125, unit: "mL/h", ucumCode: "mL/h")))
        #expect(MedicationLineText.format(ringer, unicode: true).hasPrefix("Lactated Ringer 125 mL at 125 mL/h"))
        let diltiazem = MedicationRequest(
            id: "m8", patientID: "p1", medication: CodedConcept(text: "Diltiazem"),
            dose: Quantity(value: Decimal(string: "0.25")!, unit: "mg/kg", ucumCode: "mg/kg"),
            rate: .init(amount: Quantity(value: 10, unit: "mg", ucumCode: "mg"), per: Quantity(value: 1, unit: "h", ucumCode: "h")))
        #expect(MedicationLineText.format(diltiazem, unicode: true) == "Diltiazem 0.25 mg/kg at 10 mg/h")
        let bolus = MedicationRequest(
            id: "m9", patientID: "p1", medication: CodedConcept(text: "Morphine"),
            rate: .init(amount: Quantity(value: 2, unit: "mg", ucumCode: "mg"), per: Quantity(value: 30, unit: "min", ucumCode: "min")))
        #expect(MedicationLineText.format(bolus, unicode: true) == "Morphine 2 mg/30 min")
    }

    @Test func withoutATimingTheTextShowsOnceMarkedAndPRNOnlyIfItDoesNotSaySo() {
        let salbutamol = MedicationRequest(
            id: "m6", patientID: "p1", medication: CodedConcept(text: "Salbutamol"), dose: Quantity(value: 100, unit: "ug", ucumCode: "ug"),
            route: CodedConcept(text: "Inhalation"), frequencyText: "100mcg INH PRN", asNeeded: true)
        let line = MedicationLineText.format(salbutamol, unicode: true)
        #expect(line.hasPrefix("Salbutamol 100 mcg") && line.hasSuffix("(as written: 100mcg INH PRN)"), "\(line)")
        #expect(line.components(separatedBy: "PRN").count == 2, "PRN once")
    }
}

/// An order the patient is allergic to says so on the Meds tab and the Summary, critical and in words.
@Suite struct MedicationAllergyMarkerTests {
    static let context = ViewContext(now: Date(timeIntervalSince1970: 1_790_000_000), unicode: true) { _ in "" }
    static let celecoxib = MedicationRequest(id: "m1", patientID: "p1", medication: CodedConcept(text: "Celecoxib 200 MG"), status: .active)

    @Test func theMedsTabNamesTheAllergyBeforeTheOrder() {
        var list = MedicationList(requests: [Self.celecoxib])
        list.allergyConflicts = ["m1": "Sulfonamides"]
        let lines = MedicationsView.lines(list, width: 60, context: Self.context)
        let line = lines.first { $0.plainText.contains("Celecoxib") }
        #expect(line?.plainText.contains("ALLERGY: Sulfonamides · Celecoxib 200 MG") == true, "\(lines.map(\.plainText))")
        #expect(line?.spans.contains { $0.role == .critical && $0.text.contains("ALLERGY") } == true)
    }

    /// The demo's "500mg PO Q6H" kept as four a day read `QID`: the prescriber's by-the-clock
    /// code is shown; text and timing that disagree are flagged on the Meds tab.
    @Test func aByTheClockOrderKeptAsFourADayReadsQ6HAndADisagreementIsFlagged() {
        let q6h = MedicationRequest(id: "m1", patientID: "p1", medication: CodedConcept(text: "Acetaminophen"),
                                    dose: Quantity(value: 500, unit: "mg"), route: CodedConcept(text: "PO"), frequencyText: "500mg PO Q6H",
                                    timing: .init(frequency: 4, period: 1, periodUnit: "d"), status: .active)
        #expect(MedicationLineText.format(q6h, unicode: true) == "Acetaminophen 500 mg PO q6h")
        var twice = q6h
        twice.timing = .init(frequency: 2, period: 1, periodUnit: "d")
        #expect(MedicationLineText.format(twice, unicode: true) == "Acetaminophen 500 mg PO BID")
        let context = ViewContext(now: Census.now, timeZone: Charted.utc, unicode: true) { _ in "" }
        let shown = MedicationsView.orders([twice], empty: "", width: 78, context: context).map { $0.spans.map(\.text).joined() }
        #expect(shown == ["  Acetaminophen 500 mg PO BID · text says Q6H: check the order"])
    }

    /// Seen on the demo: `Cefmetazole IV IV`, its text only the route again.
    @Test func textThatOnlyRepeatsTheRouteIsNotShownAgain() {
        let order = MedicationRequest(id: "m1", patientID: "p1", medication: CodedConcept(text: "Cefmetazole"), route: CodedConcept(text: "IV"),
                                      frequencyText: "IV", timing: .init(), status: .active)
        #expect(MedicationLineText.format(order, unicode: true) == "Cefmetazole IV")
    }

    /// Synthea sends a tablet's dose as a bare `{"value": 1}`: `Amoxicillin 500 MG Oral Tablet 1
    /// TID` had no unit. The form the drug's name ends in is its unit; with none, the line says so.
    @Test(arguments: [
        ("Amoxicillin 500 MG Oral Tablet", "1", "Amoxicillin 500 MG Oral Tablet 1 tablet PO TID"),
        ("Amoxicillin 250 MG Oral Capsule", "2", "Amoxicillin 250 MG Oral Capsule 2 capsules PO TID"),
        ("24 HR Nicotine 0.583 MG/HR Transdermal System", "1", "24 HR Nicotine 0.583 MG/HR Transdermal System 1 patch PO TID"),
        ("120 ACTUAT Fluticasone propionate 0.044 MG/ACTUAT Metered Dose Inhaler", "2",
         "120 ACTUAT Fluticasone propionate 0.044 MG/ACTUAT Metered Dose Inhaler 2 puffs PO TID"),
        ("Insulin Lispro 100 UNT/ML Injectable Solution", "1", "Insulin Lispro 100 UNT/ML Injectable Solution 1 (no unit sent) PO TID"),
    ])
    func aDoseSentWithoutAUnitTakesItsDrugsForm(name: String, value: String, line: String) throws {
        let order = MedicationRequest(
            id: "m", patientID: "p1", medication: CodedConcept(text: name), dose: Quantity(value: try #require(Decimal(string: value))),
            route: CodedConcept(text: "PO"), timing: .init(frequency: 3, period: 1, periodUnit: "d"))
        #expect(MedicationLineText.format(order, unicode: true) == line)
    }
}
