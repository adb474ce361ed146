import CoreDomain
import CoreUseCases
import Foundation
import Synchronization
import Testing
@testable import SharedPresentation

/// A server that answers with `patients`, or fails, and remembers what it was asked.
final class FakeRemoteSearch: RemotePatientSearch {
    struct Down: Error, LocalizedError {
        var errorDescription: String? { "the FHIR server did not answer" }
    }

    let patients: [Patient]
    let fails: Bool
    let asked = Mutex<(queries: [RemotePatientQuery], fetched: [String])>(([], []))

    init(patients: [Patient] = [], fails: Bool = false) {
        self.patients = patients
        self.fails = fails
    }

    func search(_ query: RemotePatientQuery, limit: Int) async throws -> RemotePatientMatches {
        asked.withLock { $0.queries.append(query) }
        if fails { throw Down() }
        return RemotePatientMatches(patients: Array(patients.prefix(limit)))
    }

    func fetchChart(patientID: String) async throws {
        if fails { throw Down() }
        asked.withLock { $0.fetched.append(patientID) }
    }
}

/// The runner asks the server what the search typed and records it like a list search: by the
/// kinds of its terms, never the text; what it cannot record it does not show.
@Suite struct ServerSearchEffectsTests {
    private func runner(_ trail: RecordingTrail, _ remote: (any RemotePatientSearch)?) -> UseCaseEffectRunner {
        UseCaseEffectRunner(WorkstationDependencies(directory: OnePatient(), chart: OnePatient(), audit: trail, remote: remote) { _ in (true, nil) })
    }

    @Test func aSearchOfTheServerIsOneSearchEntryByKind() async {
        let trail = RecordingTrail()
        let remote = FakeRemoteSearch(patients: [ServerSearchTests.lovelace])
        let result = await runner(trail, remote).run(.list(.searchServer("lovelace 1915")))
        #expect(result == .list(.serverAnswered(text: "lovelace 1915", .found(RemotePatientMatches(patients: [ServerSearchTests.lovelace])))))
        #expect(remote.asked.withLock { $0.queries } == [
            RemotePatientQuery(names: ["lovelace"], birthDates: [PartialDate(year: 1915)]),
        ])
        #expect(trail.records == [.init(action: .search(kinds: [.name, .birthDate]), patientID: nil, outcome: .success)])
    }

    @Test func aFailedSearchIsRecordedAsAFailureAndSaysWhy() async {
        let trail = RecordingTrail()
        let result = await runner(trail, FakeRemoteSearch(fails: true)).run(.list(.searchServer("MRN-77")))
        #expect(result == .list(.serverAnswered(text: "MRN-77", .failed("server search failed: the FHIR server did not answer"))))
        #expect(trail.records == [.init(action: .search(kinds: [.mrn]), patientID: nil, outcome: .failure)])
    }

    @Test func anAnswerThatCannotBeRecordedIsNotShown() async {
        let result = await runner(RecordingTrail(refuses: true), FakeRemoteSearch(patients: [ServerSearchTests.lovelace])).run(.list(.searchServer("ada")))
        guard case .list(.serverAnswered(_, .failed))? = result else {
            Issue.record("the answer was shown: \(String(describing: result))")
            return
        }
    }

    @Test func fetchingAChartRecordsNothingUntilItIsShown() async {
        let trail = RecordingTrail()
        let remote = FakeRemoteSearch()
        let result = await runner(trail, remote).run(.list(.fetchServerPatient(ServerSearchTests.lovelace)))
        #expect(result == .list(.serverPatientFetched(ServerSearchTests.lovelace)))
        #expect(remote.asked.withLock { $0.fetched } == ["srv-1"])
        #expect(trail.records.isEmpty, "the chart opening that follows is the entry")
    }

    @Test func withoutAServerNothingIsAsked() async {
        let result = await runner(RecordingTrail(), nil).run(.list(.fetchServerPatient(ServerSearchTests.lovelace)))
        guard case .list(.serverPatientFetchFailed(patientID: "srv-1", let message))? = result else {
            Issue.record("unexpected \(String(describing: result))")
            return
        }
        #expect(message.contains("--server"))
    }
}
