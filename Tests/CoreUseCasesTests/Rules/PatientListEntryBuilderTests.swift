import CoreDomain
import CoreUseCases
import Foundation
import Testing

@Suite struct PatientListEntryBuilderTests {
    let builder = PatientListEntryBuilder(locations: Make.ward4W)
    let patient = Make.patient("p1", family: "Brown")

    @Test func takesTheLocationOfTheCurrentEncounter() {
        let entry = builder.entry(for: patient, encounters: [
            Make.encounter("old", start: Make.t0 - 9000, end: Make.t0 - 5000, locations: ["w"]),
            Make.encounter("now", start: Make.t0, status: .inProgress, locations: ["b"]),
        ], allergies: [], observations: [])
        #expect(entry.location == BedLocation(ward: "4W", room: "Room 12", bed: "Bed 12A"))
        #expect(entry.patient == patient)
    }

    @Test func aDischargedPatientHasNoLocation() {
        let entry = builder.entry(for: patient, encounters: [
            Make.encounter("old", start: Make.t0 - 9000, end: Make.t0 - 5000, locations: ["b"]),
        ], allergies: [], observations: [])
        #expect(entry.location == nil)
    }

    @Test func marksOnlyActiveSevereAllergies() {
        func marked(_ allergy: AllergyIntolerance) -> Bool {
            builder.entry(for: patient, encounters: [], allergies: [allergy], observations: []).hasSevereAllergy
        }
        #expect(marked(Make.allergy("a", criticality: .high)))
        #expect(!marked(Make.allergy("a", criticality: .low)))
        #expect(!marked(Make.allergy("a", criticality: .high, clinical: .resolved)))
        #expect(!marked(Make.allergy("a", criticality: .high, verification: .enteredInError)))
    }

    @Test func marksAnAbnormalLatestVitalOnly() {
        func marked(_ observations: [Observation]) -> Bool {
            builder.entry(for: patient, encounters: [], allergies: [], observations: observations).hasAbnormalVital
        }
        #expect(marked([Make.vital(.heartRate, 120)]))
        #expect(!marked([Make.vital(.heartRate, 120, id: "old", at: Make.t0 - 60), Make.vital(.heartRate, 80, id: "new")]))
        #expect(marked([Make.vital(.heartRate, 80), Make.bloodPressure(160, 85)]))
        #expect(!marked([Make.vital(.heartRate, 200, status: .enteredInError)]))
        #expect(!marked([]))
    }

    /// The row keeps the newest scored NEWS2 round, for the list's order.
    @Test func theRowCarriesTheNewestScore() {
        let round = NEWS2RoundBuilderTests.round()
        let entry = PatientListEntryBuilder(locations: []).entry(for: Make.patient("p1"), encounters: [], allergies: [], observations: round)
        #expect(entry.earlyWarning?.total == 0)
        #expect(entry.earlyWarning?.band == .low)
        #expect(entry.earlyWarning?.nextDue == Make.t0 + 12 * 3600)
        let incomplete = PatientListEntryBuilder(locations: []).entry(
            for: Make.patient("p1"), encounters: [], allergies: [], observations: NEWS2RoundBuilderTests.round(consciousness: nil))
        #expect(incomplete.earlyWarning == nil, "no score from a partial round")
    }
}
