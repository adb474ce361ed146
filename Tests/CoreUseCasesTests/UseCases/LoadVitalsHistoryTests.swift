import CoreDomain
import CoreUseCases
import Foundation
import Testing

@Suite struct LoadVitalsHistoryTests {
    @Test func groupsReadingsPerSignNewestFirst() async throws {
        let chart = InMemoryRepository(observationList: [
            Make.vital(.temperature, 37.2, id: "t1", at: Make.t0 - 7200),
            Make.vital(.heartRate, 80, id: "h1", at: Make.t0 - 3600),
            Make.vital(.heartRate, 112, id: "h2", at: Make.t0),
            Make.vital(.systolic, 150, id: "s", at: Make.t0), Make.vital(.diastolic, 95, id: "d", at: Make.t0),
            Make.bloodPressure(120, 80, id: "bp", at: Make.t0 - 3600),
            Make.vital(.heartRate, 300, id: "bad", status: .enteredInError),
        ])
        let series = try await LoadVitalsHistory(chart: chart)(patientID: "p1").series
        #expect(series.map(\.sign) == [.heartRate, .bloodPressure, .temperature])
        #expect(series[0].standing.map(\.observationIDs) == [["h2"], ["h1"]])
        // Entered in error: not deleted, listed in the history, marked.
        #expect(series[0].readings.map(\.observationIDs) == [["h2"], ["bad"], ["h1"]])
        #expect(series[0].readings.map(\.isEnteredInError) == [false, true, false])
        #expect(series[1].readings.map(\.observationIDs) == [["s", "d"], ["bp"]])
        #expect(series[2].readings.count == 1)
    }
}
