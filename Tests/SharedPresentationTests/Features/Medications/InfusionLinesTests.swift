import CoreDomain
import CoreUseCases
import Foundation
@testable import SharedPresentation
import Testing

/// Until the MAR's infusion screen is built, an infusion is still on the MAR, never lost:
/// it was listed under "Schedule unclear", and an order with a rate and no timing now is not.
@Suite struct InfusionLinesTests {
    typealias MAR = MARViewTests

    @Test func anInfusionIsOnTheMARWithWhereItStands() {
        let rate = MedicationRequest.Rate(amount: Quantity(value: 18, unit: "units/kg/h"))
        var heparin = MedicationRequest(id: "h", patientID: "p1", medication: CodedConcept(text: "Heparin 25,000 units in 250 mL"),
                                        route: CodedConcept(text: "IV"), status: .active, rate: rate)
        heparin.additionalInstructions = ["titrate to aPTT"]
        let started = MedicationAdministration(id: "s", patientID: "p1", requestID: "h", status: .inProgress,
                                               effective: ISO8601DateFormatter().date(from: "2026-11-24T09:02:00Z")!, performer: "nurse1", rate: rate)
        var list = MedicationList(requests: [MAR.amoxicillin, heparin])
        list.record = MedicationAdministrationRecord(
            requests: list.active, administrations: [started], from: MAR.now.addingTimeInterval(-24 * 3600),
            to: ISO8601DateFormatter().date(from: "2026-11-24T23:59:59Z")!, ward: WardAdministrationTimes(), calendar: MAR.calendar)
        let shown = MAR.text(list, width: 76)
        let heading = shown.firstIndex(of: "Infusions")
        #expect(heading != nil, "\(shown)")
        let line = heading.map { shown[($0 + 1)...].joined(separator: " ").split(separator: " ").joined(separator: " ") } ?? ""
        #expect(line.contains("Heparin 25,000 units in 250 mL 18 units/kg/h IV · running 18 units/kg/h since 09:02 by nurse1 · titrate to aPTT"), "\(line)")
        #expect(!shown.contains("Schedule unclear: check the order"))
    }
}
