import CoreDomain
import CoreUseCases
import Foundation
import Testing

@Suite struct LoadPatientSummaryTests {
    var chart: InMemoryRepository {
        var chart = InMemoryRepository()
        chart.patients = [Make.patient("p1", family: "Brown", given: ["Robin"], born: "1954-04-12")]
        chart.locations = Make.ward4W
        chart.practitioners = [Practitioner(id: "dr", name: PersonName(family: "House"))]
        chart.encounterList = [
            Make.encounter("e1", start: Make.t0 - 40_000, end: Make.t0 - 30_000, kind: .outpatient),
            Make.encounter("e2", start: Make.t0 - 30_000, end: Make.t0 - 20_000),
            Make.encounter("e3", start: Make.t0 - 20_000, end: Make.t0 - 10_000),
            Make.encounter("now", start: Make.t0, status: .inProgress, locations: ["b"], practitioner: "dr"),
        ]
        chart.allergyList = [Make.allergy("a1", criticality: .high), Make.allergy("a2", verification: .refuted)]
        chart.conditionList = [
            Condition(id: "c1", patientID: "p1", code: CodedConcept(text: "COPD"), clinicalStatus: .active),
            Condition(id: "c2", patientID: "p1", code: CodedConcept(text: "Appendicitis"), clinicalStatus: .resolved),
        ]
        chart.observationList = [
            Make.vital(.heartRate, 80, id: "h1", at: Make.t0 - 3600), Make.vital(.heartRate, 112, id: "h2"),
            Make.bloodPressure(148, 92), Make.vital(.heartRate, 60, id: "other", patient: "p2"),
        ]
        chart.medicationList = [
            Make.medication("m1", "Prednisone", status: .active), Make.medication("m2", "Cefazolin", status: .stopped),
        ]
        return chart
    }

    @Test func saysWhetherAnSpO2TargetIsInForce() async throws {
        var chart = chart
        #expect(try await LoadPatientSummary(chart: chart)(patientID: "p1").isSpO2TargetSet == false)
        chart.observationList.append(SpO2TargetScaleTests.target("t1", set: true, at: Make.t0))
        #expect(try await LoadPatientSummary(chart: chart)(patientID: "p1").isSpO2TargetSet)
    }

    @Test func assemblesTheSummaryByTheRules() async throws {
        let summary = try await LoadPatientSummary(chart: chart)(patientID: "p1")
        #expect(summary.banner.patient.id == "p1")
        #expect(summary.banner.currentEncounter?.id == "now")
        #expect(summary.banner.location == BedLocation(ward: "4W", room: "Room 12", bed: "Bed 12A"))
        #expect(summary.allergyStatus.active.map(\.id) == ["a1"])
        #expect(summary.activeProblems.map(\.condition.id) == ["c1"])
        #expect(summary.latestVitals.map(\.observationIDs) == [["h2"], ["bp1"]])
        #expect(summary.latestVitals.map(\.flag) == [.high, .high])
        #expect(summary.activeMedications.map(\.id) == ["m1"])
        #expect(summary.recentEncounters.map(\.id) == ["now", "e3", "e2"])
        #expect(summary.recentEncounters.first?.practitioner?.name.family == "House")
    }

    @Test func anUnknownPatientIsAUserFacingErrorWithoutPatientData() async throws {
        await #expect(throws: ChartLoadError.patientNotFound) {
            try await LoadPatientSummary(chart: chart)(patientID: "POP-000010")
        }
        let message = try #require(ChartLoadError.patientNotFound.errorDescription)
        #expect(!message.contains("POP") && !message.contains("\n"))
    }

    @Test func aPatientWithNothingRecordedHasAnEmptySummary() async throws {
        let chart = InMemoryRepository(patients: [Make.patient("p1")])
        let summary = try await LoadPatientSummary(chart: chart)(patientID: "p1")
        #expect(summary.allergyStatus == .notRecorded)
        #expect(summary.banner.currentEncounter == nil && summary.banner.location == nil)
        #expect(summary.latestVitals.isEmpty && summary.activeProblems.isEmpty && summary.activeMedications.isEmpty)
        #expect(summary.recentEncounters.isEmpty)
    }

    /// A physician opening the chart sees a critical potassium from yesterday on the Summary;
    /// a critical one from last week, a merely high one, and one entered in error are not there.
    @Test func criticalLabResultsOfTheLast72HoursAreOnTheSummary() async throws {
        let now = LoadResultsTests.t0
        func potassium(_ id: String, _ value: Decimal, _ code: String, hoursAgo: Double, status: Observation.Status = .final) -> Observation {
            LoadResultsTests.lab(id, "2823-3", "Potassium [Moles/volume] in Serum or Plasma", LoadResultsTests.mmol(value),
                                 at: now - hoursAgo * 3600, status: status, interpretation: code)
        }
        var repository = chart
        repository.observationList += [
            potassium("k-crit", 6.8, "HH", hoursAgo: 20), potassium("k-high", 5.6, "H", hoursAgo: 2),
            potassium("k-old", 7.1, "HH", hoursAgo: 24 * 7), potassium("k-wrong", 9.9, "HH", hoursAgo: 1, status: .enteredInError),
        ]
        let summary = try await LoadPatientSummary(chart: repository, now: { now })(patientID: "p1")
        #expect(summary.criticalResults.map(\.name) == ["Potassium"])
        #expect(summary.criticalResults.first?.results.map(\.observationID) == ["k-crit"])
    }
}
