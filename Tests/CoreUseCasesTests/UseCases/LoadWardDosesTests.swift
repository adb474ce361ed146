import CoreDomain
import CoreUseCases
import Foundation
import Testing

/// The ward's due list: patients with a dose due, late or coming within the hour, by bed;
/// everyone else left off; the allergy an order conflicts with carried along.
@Suite struct LoadWardDosesTests {
    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    static func at(_ hour: Int, _ minute: Int = 0) -> Date {
        calendar.date(from: DateComponents(year: 2026, month: 11, day: 24, hour: hour, minute: minute))!
    }

    static func order(_ id: String, _ patient: String, _ name: String, code: String) -> MedicationRequest {
        MedicationRequest(id: id, patientID: patient, medication: CodedConcept(text: name), timing: .init(code: code), status: .active,
                          authoredOn: at(0).addingTimeInterval(-2 * 86_400))
    }

    static func load(at now: Date, ward: String? = "4W") async throws -> WardDoseList {
        var repository = InMemoryRepository()
        let a = Make.patient("a", family: "Ames", given: ["Ann"]), b = Make.patient("b", family: "Bell", given: ["Bo"])
        let c = Make.patient("c", family: "Cole", given: ["Cy"]), d = Make.patient("d", family: "Dunn", given: ["Di"])
        repository.entries = [Make.entry(b, ward: "4W", bed: "10"), Make.entry(a, ward: "4W", bed: "2"), Make.entry(c, ward: "4W", bed: "7"),
                              Make.entry(d, ward: "5E", bed: "1")]
        repository.medicationList = [order("a1", "a", "Celecoxib 200 MG", code: "BID"), order("b1", "b", "Bisoprolol", code: "PM"),
                                     order("c1", "c", "Insulin", code: "HS"), order("d1", "d", "Digoxin", code: "QD")]
        repository.allergyList = [AllergyIntolerance(id: "x", patientID: "a", substance: CodedConcept(text: "Sulfonamides"), clinicalStatus: .active)]
        let medications = LoadMedications(chart: repository, calendar: calendar) { now }
        return try await LoadWardDoses(directory: repository, medications: medications) { now }(ward: ward)
    }

    @Test func dueLateAndNextHourByBedMissedLeftOff() async throws {
        // 17:10: Ames's 09:00 is late (last night's 21:00 missed: this morning's came due);
        // Cole's 22:00 of last night is late until tonight's comes due; Bell's 18:00 is due.
        let now = Self.at(17, 10)
        let list = try await Self.load(at: now)
        #expect(list.patients.map(\.entry.id) == ["a", "c", "b"], "by bed: 2, 7, 10")
        #expect(list.patients[0].doses.map { $0.status(at: now, window: list.window) } == [.late])
        #expect(list.patients[0].doses.map(\.time) == [Self.at(9)])
        #expect(list.patients[0].allergyConflicts == ["a1": "Sulfonamides"])
        #expect(list.patients[1].doses.map { $0.status(at: now, window: list.window) } == [.late])
        #expect(list.patients[2].doses.map { $0.status(at: now, window: list.window) } == [.due])
    }

    /// An infusion has no time it is due: a patient whose only order is an infusion not yet
    /// started is on the list for it (it was under "Schedule unclear", and off the list).
    @Test func anInfusionNotStartedPutsItsPatientOnTheList() async throws {
        var repository = InMemoryRepository()
        let e = Make.patient("e", family: "Ezra", given: ["Em"]), f = Make.patient("f", family: "Fox", given: ["Fa"])
        repository.entries = [Make.entry(e, ward: "4W", bed: "3"), Make.entry(f, ward: "4W", bed: "4")]
        let rate = MedicationRequest.Rate(amount: Quantity(value: Decimal(string: "0.05")!, unit: "mcg/kg/min"))
        repository.medicationList = [
            MedicationRequest(id: "e1", patientID: "e", medication: CodedConcept(text: "Norepinephrine"), status: .active, rate: rate),
            MedicationRequest(id: "f1", patientID: "f", medication: CodedConcept(text: "Norepinephrine"), status: .active, rate: rate),
        ]
        repository.administrationList = [MedicationAdministration(id: "s", patientID: "f", requestID: "f1", status: .inProgress,
                                                                  effective: Self.at(12), rate: rate)]
        let now = Self.at(14)
        let medications = LoadMedications(chart: repository, calendar: Self.calendar) { now }
        let list = try await LoadWardDoses(directory: repository, medications: medications) { now }(ward: "4W")
        #expect(list.patients.map(\.entry.id) == ["e"], "the one running is not to start")
        #expect(list.patients.first?.infusionsToStart.map(\.request.id) == ["e1"])
        #expect(list.patients.first?.doses == [])
    }

    /// At 23:30 the 00:00 dose of a Q6H order is due, though it falls on tomorrow.
    @Test func lateAtNightTheMidnightDoseIsListed() async throws {
        var repository = InMemoryRepository()
        let e = Make.patient("e", family: "Ezra", given: ["Em"])
        repository.entries = [Make.entry(e, ward: "4W", bed: "3")]
        repository.medicationList = [Self.order("e1", "e", "Piperacillin", code: "Q6H")]
        let now = Self.at(23, 30)
        let medications = LoadMedications(chart: repository, calendar: Self.calendar) { now }
        let list = try await LoadWardDoses(directory: repository, medications: medications) { now }(ward: "4W")
        let midnight = Self.at(0).addingTimeInterval(86_400)
        #expect(list.patients.first?.doses.map(\.time) == [midnight])
        #expect(list.patients.first?.doses.first?.status(at: now, window: list.window) == .due)
    }

    @Test func theWholeCensusWithoutAWardAndNothingToPlanLeftOff() async throws {
        #expect(try await Self.load(at: Self.at(9, 30), ward: nil).patients.map(\.entry.id) == ["a", "c", "b", "d"])
        // 21:30 on 5E: Dunn's 09:00 is late but tomorrow's is not in the list's day.
        #expect(try await Self.load(at: Self.at(23, 30), ward: "5E").patients.map(\.entry.id) == ["d"])
    }
}
