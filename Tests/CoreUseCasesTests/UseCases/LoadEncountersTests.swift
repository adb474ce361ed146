import CoreDomain
import CoreUseCases
import Foundation
import Testing

@Suite struct LoadEncountersTests {
    @Test func listsEncountersNewestFirstWithNamesResolved() async throws {
        var chart = InMemoryRepository()
        chart.locations = Make.ward4W + [Location(id: "clinic", name: "Pulm clinic", kind: .other)]
        chart.practitioners = [Practitioner(id: "dr", name: PersonName(family: "Ito", given: ["Ken"]))]
        chart.encounterList = [
            Make.encounter("clinic", start: Make.t0 - 90_000, end: Make.t0 - 89_000, kind: .outpatient, locations: ["clinic"]),
            Make.encounter("ward", start: Make.t0, status: .inProgress, locations: ["b", "w"], practitioner: "dr"),
            Make.encounter("error", start: Make.t0 + 10, status: .enteredInError),
            Make.encounter("dangling", start: nil, locations: ["gone"], practitioner: "nobody"),
        ]
        let items = try await LoadEncounters(chart: chart)(patientID: "p1")
        #expect(items.map(\.id) == ["ward", "clinic", "dangling"])
        #expect(items[0].location == BedLocation(ward: "4W", room: "Room 12", bed: "Bed 12A"))
        #expect(items[0].practitioner?.name.listName == "Ito, Ken")
        #expect(items[0].isOpen && !items[1].isOpen)
        #expect(items[1].location == BedLocation(ward: "Pulm clinic"))
        #expect(items[2].location == nil && items[2].practitioner == nil)
    }
}
