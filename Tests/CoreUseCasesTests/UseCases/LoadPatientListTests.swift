import CoreDomain
import CoreUseCases
import Foundation
import Testing

@Suite struct LoadPatientListTests {
    @Test func returnsTheMatchingPageFromTheDirectory() async throws {
        let directory = InMemoryRepository(entries: [
            Make.entry(Make.patient("1", family: "Brown", mrn: "A1"), ward: "4W", bed: "2"),
            Make.entry(Make.patient("2", family: "Brownlee", mrn: "A2"), ward: "4E", bed: "1"),
            Make.entry(Make.patient("3", family: "Garcia", mrn: "A3"), ward: "4W", bed: "1"),
        ])
        let load = LoadPatientList(directory: directory)
        let page = try await load(PatientSearch(text: "brown", limit: 1))
        #expect(page.entries.map(\.id) == ["2"])
        #expect(page.total == 2)
        #expect(try await load(PatientSearch(ward: "4W")).entries.map(\.id) == ["3", "1"])
    }
}
