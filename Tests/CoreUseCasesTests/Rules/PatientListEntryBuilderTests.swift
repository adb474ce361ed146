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
        ], allergies: [], observations: [], now: Make.t0)
        #expect(entry.location == BedLocation(ward: "4W", room: "Room 12", bed: "Bed 12A"))
        #expect(entry.patient == patient)
    }

    @Test func aDischargedPatientHasNoLocation() {
        let entry = builder.entry(for: patient, encounters: [
            Make.encounter("old", start: Make.t0 - 9000, end: Make.t0 - 5000, locations: ["b"]),
        ], allergies: [], observations: [], now: Make.t0)
        #expect(entry.location == nil)
    }

    @Test func marksOnlyActiveSevereAllergies() {
        func marked(_ allergy: AllergyIntolerance) -> Bool {
            builder.entry(for: patient, encounters: [], allergies: [allergy], observations: [], now: Make.t0).hasSevereAllergy
        }
        #expect(marked(Make.allergy("a", criticality: .high)))
        #expect(!marked(Make.allergy("a", criticality: .low)))
        #expect(!marked(Make.allergy("a", criticality: .high, clinical: .resolved)))
        #expect(!marked(Make.allergy("a", criticality: .high, verification: .enteredInError)))
    }

    @Test func marksAnAbnormalLatestVitalOnly() {
        func marked(_ observations: [Observation]) -> Bool {
            builder.entry(for: patient, encounters: [], allergies: [], observations: observations, now: Make.t0).hasAbnormalVital
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
        let entry = PatientListEntryBuilder(locations: []).entry(for: Make.patient("p1"), encounters: [], allergies: [], observations: round, now: Make.t0)
        #expect(entry.earlyWarning?.total == 0)
        #expect(entry.earlyWarning?.band == .low)
        #expect(entry.earlyWarning?.nextDue == Make.t0 + 12 * 3600)
        let incomplete = PatientListEntryBuilder(locations: []).entry(
            for: Make.patient("p1"), encounters: [], allergies: [], observations: NEWS2RoundBuilderTests.round(consciousness: nil), now: Make.t0)
        #expect(incomplete.earlyWarning == nil, "no score from a partial round")
    }

    /// The newest critical laboratory result, judged as the Results tab judges it: a potassium
    /// sent without a range by the ward's; one entered in error or a vital sign never.
    @Test func theRowKeepsWhenTheNewestCriticalResultWasCollected() {
        func potassium(_ id: String, _ value: Decimal, at time: Date, status: Observation.Status = .final) -> Observation {
            Observation(id: id, patientID: "p1", code: CodedConcept(codings: [Coding(system: CodeSystem.loinc, code: "2823-3")]),
                        category: .laboratory, status: status, effective: time, value: .quantity(Quantity(value: value, unit: "mmol/L", ucumCode: "mmol/L")))
        }
        let patient = Make.patient("p1", family: "Brown")
        let builder = PatientListEntryBuilder(locations: [])
        let old = potassium("k1", Decimal(string: "6.9")!, at: Make.t0 - 86_400)
        let calm = potassium("k2", Decimal(string: "4.1")!, at: Make.t0)
        let mistaken = potassium("k3", 9, at: Make.t0 + 60, status: .enteredInError)
        let entry = builder.entry(for: patient, encounters: [], allergies: [], observations: [old, calm, mistaken], now: Make.t0)
        #expect(entry.newestCriticalResult == Make.t0 - 86_400)
        #expect(builder.entry(for: patient, encounters: [], allergies: [], observations: [calm], now: Make.t0).newestCriticalResult == nil)
    }
}
