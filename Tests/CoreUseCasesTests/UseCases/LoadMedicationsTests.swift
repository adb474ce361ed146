import CoreDomain
import CoreUseCases
import Foundation
import Testing

@Suite struct LoadMedicationsTests {
    @Test func separatesActiveFromStoppedForThisPatientOnly() async throws {
        var other = Make.medication("x", "Warfarin", status: .active)
        other.patientID = "p2"
        let chart = InMemoryRepository(medicationList: [
            Make.medication("1", "Prednisone", status: .active),
            Make.medication("2", "Cefazolin", status: .completed),
            Make.medication("3", "Heparin", status: .enteredInError),
            other,
        ])
        let list = try await LoadMedications(chart: chart)(patientID: "p1")
        #expect(list.active.map(\.id) == ["1"])
        #expect(list.stopped.map(\.id) == ["2"])
        #expect(list.other.isEmpty)
    }
}
