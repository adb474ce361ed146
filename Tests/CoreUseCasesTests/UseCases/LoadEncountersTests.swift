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
        let items = try await LoadEncounters(chart: chart)(patientID: "p1").items
        #expect(items.map(\.id) == ["ward", "clinic", "dangling"])
        #expect(items[0].location == BedLocation(ward: "4W", room: "Room 12", bed: "Bed 12A"))
        #expect(items[0].practitioner?.name.listName == "Ito, Ken")
        #expect(items[0].isOpen && !items[1].isOpen)
        #expect(items[1].location == BedLocation(ward: "Pulm clinic"))
        #expect(items[2].location == nil && items[2].practitioner == nil)
    }

    /// Each encounter's details carry what names it: notes newest first with their authors (a
    /// note entered in error too, to be shown marked: a correction never makes a note vanish),
    /// diagnoses, procedures, vaccines, vital signs and orders; records naming no encounter are
    /// in none.
    @Test func eachEncounterCarriesWhatWasRecordedInIt() async throws {
        var chart = InMemoryRepository()
        chart.patients = [Make.patient("p1", family: "Brown")]
        chart.practitioners = [Practitioner(id: "dr", name: PersonName(family: "Ito", given: ["Ken"]))]
        chart.encounterList = [Make.encounter("e1", start: Make.t0), Make.encounter("e2", start: Make.t0 - 90_000)]
        chart.noteList = [
            ClinicalNote(id: "old", patientID: "p1", encounterID: "e1", date: Make.t0 + 60, content: NoteContent(text: "first")),
            ClinicalNote(id: "new", patientID: "p1", encounterID: "e1", date: Make.t0 + 120, authorID: "dr", content: NoteContent(text: "second")),
            ClinicalNote(id: "error", patientID: "p1", encounterID: "e1", status: .enteredInError),
            ClinicalNote(id: "loose", patientID: "p1"),
        ]
        chart.conditionList = [Condition(id: "c1", patientID: "p1", code: CodedConcept(text: "Pneumonia"), encounterID: "e1")]
        chart.procedureList = [Procedure(id: "pr1", patientID: "p1", encounterID: "e2", code: CodedConcept(text: "Chest X-ray"), status: .completed)]
        chart.immunizationList = [Immunization(id: "i1", patientID: "p1", encounterID: "e1", vaccine: CodedConcept(text: "Influenza"), status: .completed)]
        var order = Make.medication("m1", "Amoxicillin", status: .active)
        order.encounterID = "e1"
        chart.medicationList = [order]
        var pulse = Make.vital(.heartRate, 72, id: "hr")
        pulse.encounterID = "e1"
        chart.observationList = [pulse]
        let list = try await LoadEncounters(chart: chart)(patientID: "p1")
        #expect(list.notes.map(\.id) == ["new", "old", "loose", "error"], "the chart's notes, those outside any encounter too")
        let items = list.items
        let first = try #require(items.first { $0.id == "e1" }?.records)
        #expect(first.notes.map(\.id) == ["new", "old", "error"])
        #expect(first.notes.first?.author?.name.listName == "Ito, Ken")
        #expect(first.diagnoses.map(\.id) == ["c1"] && first.immunizations.map(\.id) == ["i1"] && first.orders.map(\.id) == ["m1"])
        #expect(first.vitals.map(\.sign) == [.heartRate] && first.procedures.isEmpty)
        #expect(items.first { $0.id == "e2" }?.records.procedures.map(\.id) == ["pr1"])
    }
}
