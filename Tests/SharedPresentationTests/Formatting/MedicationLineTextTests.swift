import CoreDomain
import Foundation
import SharedPresentation
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

    @Test func leavesOutWhatIsMissing() {
        let bare = MedicationRequest(id: "m3", patientID: "p1", medication: CodedConcept(text: "Paracetamol"), frequencyText: "as directed")
        #expect(MedicationLineText.format(bare, unicode: false) == "Paracetamol as directed")
    }
}
