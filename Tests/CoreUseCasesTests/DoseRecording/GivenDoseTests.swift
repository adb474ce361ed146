import CoreDomain
import CoreUseCases
import Foundation
import Testing

/// No screen shows the ordered dose as the given one: what was given, beside the order's.
@Suite struct GivenDoseTests {
    typealias MAR = MedicationAdministrationRecordTests
    static let ordered = Quantity(value: Decimal(string: "4.5")!, unit: "g", ucumCode: "g")
    static var piperacillin: MedicationRequest {
        var order = MAR.order("pip", "Piperacillin/tazobactam", .init(code: "QD"))
        order.dose = ordered
        return order
    }

    /// The MAR read `given … 4.5 g IV daily` for 45 g given.
    @Test func theMARsDoseSaysWhatWasGivenBesideTheOrder() throws {
        let given = MedicationAdministration(id: "g", patientID: "p1", requestID: "pip", status: .completed, effective: MAR.at(9, 5),
                                             dose: Quantity(value: 45, unit: "g"))
        let dose = try #require(MAR.record([Self.piperacillin], [given]).doses.first?.givenDose)
        #expect(dose.text == "45 g (ordered 4.5 g)")
        #expect(dose.differs)
        #expect(dose.check.sentence == "45 g is 10x the ordered 4.5 g")
    }

    @Test func theOrdersDoseGivenReadsOnce() {
        #expect(GivenDose(given: Self.ordered, ordered: Self.ordered).text == "4.5 g")
        let inMilligrams = GivenDose(given: Quantity(value: 4500, unit: "mg"), ordered: Self.ordered)
        #expect(inMilligrams.text == "4500 mg (ordered 4.5 g)" && !inMilligrams.differs, "the same amount, written otherwise: both shown")
        #expect(GivenDose(given: Self.ordered, ordered: nil).text == "4.5 g")
    }

    @Test func aDoseNotGivenHasNoDoseGiven() {
        let refused = MedicationAdministration(id: "r", patientID: "p1", requestID: "pip", status: .notDone, effective: MAR.at(9, 5),
                                               dose: Quantity(value: 45, unit: "g"))
        #expect(MAR.record([Self.piperacillin], [refused]).doses.first?.givenDose == nil)
        let record = DoseRecord(status: .completed, patientID: "p1", requestID: "pip", medication: CodedConcept(text: "x"), effective: MAR.at(9),
                                dose: Quantity(value: 45, unit: "g"), orderedDose: Self.ordered)
        #expect(record.givenDose?.text == "45 g (ordered 4.5 g)")
    }
}
