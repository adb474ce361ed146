import CoreDomain
import CoreUseCases
import Foundation
import Testing

/// A result is new to a reader when it reached the cache after they last opened the patient's
/// results; one whose arrival is unknown never is, and without a reader's views nothing is.
@Suite struct NewResultsMarkingTests {
    typealias L = LoadResultsTests

    /// One reader who last opened the results at `lastViewed`.
    struct FixedViews: ResultViews {
        let lastViewed: Date
        func lastViewed(patientID: String) async throws -> Date { lastViewed }
        func recordViewed(patientID: String, at time: Date) async throws {}
    }

    private static let opened = Date(timeIntervalSince1970: 1_750_000_000)

    private static func potassium(_ id: String, received: Date?, at time: Date = L.t0) -> Observation {
        var observation = L.lab(id, "2823-3", "Potassium", L.mmol(4.1), at: time)
        observation.received = received
        return observation
    }

    private let observations = [
        potassium("k-after", received: opened + 1),
        potassium("k-before", received: opened - 1, at: L.t0 - 60),
        potassium("k-unknown", received: nil, at: L.t0 - 120),
        L.lab("na", "2951-2", "Sodium", L.mmol(138), at: L.t0 - 60),
    ]

    private func load(_ views: (any ResultViews)?) async throws -> ResultsWorksheet {
        try await LoadResults(chart: InMemoryRepository(observationList: observations), views: views)(patientID: "p1")
    }

    @Test func onlyResultsArrivedSinceTheLastViewAreNew() async throws {
        let worksheet = try await load(FixedViews(lastViewed: Self.opened))
        let potassium = try #require(worksheet.tests.first { $0.name == "Potassium" })
        #expect(potassium.results.map(\.isNew) == [true, false, false])
        #expect(potassium.hasNew && worksheet.hasNew)
        #expect(worksheet.tests.first { $0.name == "Sodium" }?.hasNew == false)
    }

    @Test func neverViewedMakesEveryResultWithAnArrivalNew() async throws {
        let worksheet = try await load(FixedViews(lastViewed: .distantPast))
        #expect(worksheet.tests.flatMap(\.results).map(\.isNew) == [true, true, false, false])
    }

    @Test func withoutAReadersViewsNothingIsNew() async throws {
        #expect(try await !load(nil).hasNew)
    }
}
