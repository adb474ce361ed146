import CoreDomain
import DataFHIR
@testable import DataLocal
import Foundation
import Synchronization
import Testing

/// A server whose paging never ends: each search page holds `perPage` heart rates of the
/// patient asked for (the Patient search gets the patient) and a next link to a page not yet
/// fetched; each page takes `delay`.
private final class EndlessPager: HTTPTransport {
    let perPage: Int
    let delay: Duration
    private let pages = Mutex(0)
    var pagesServed: Int { pages.withLock { $0 } }

    init(perPage: Int, delay: Duration = .zero) {
        self.perPage = perPage
        self.delay = delay
    }

    func send(_ request: HTTPRequest) async throws(HTTPTransportError) -> HTTPResponse {
        if delay > .zero { try? await Task.sleep(for: delay) }
        let page = pages.withLock { count in
            count += 1
            return count
        }
        let person = FHIRSamples.people[0]
        let entries = request.url.lastPathComponent == "Patient" ? [FHIRSamples.patient(person)]
            : request.url.lastPathComponent == "Observation" ? (0..<perPage).map { FHIRSamples.heartRate(person, index: page * 1_000 + $0, value: 70) } : []
        let next = request.url.lastPathComponent == "Observation" ? "http://127.0.0.1:9/fhir/Observation?page=\(page)" : nil
        return HTTPResponse(status: 200, headers: ["Content-Type": "application/fhir+json"], body: Data(searchPage(entries, next: next).utf8))
    }

    private func searchPage(_ entries: [String], next: String?) -> String {
        let link = next.map { #","link":[{"relation":"next","url":"\#($0)"}]"# } ?? ""
        return #"{"resourceType":"Bundle","type":"searchset"\#(link),"entry":[\#(entries.map { #"{"resource":\#($0)}"# }.joined(separator: ","))]}"#
    }
}

/// A census sync may fetch only so much, derived from its census: a server whose paging
/// never ends (only the 10,000-page cap stopped it: 400 s, every page held in memory) stops
/// the sync at its budget, in one error, with nothing stored.
@Suite struct SyncBudgetTests {
    /// 1,000 resources and an hour: the time budget counts the wall clock, which a loaded
    /// parallel run stretched past the default 70 s before five pages were fetched.
    static let resourcesOnly = SyncBudget(resourcesPerPatient: 1_000, secondsPerPatient: 3_600)

    private func sync(_ cache: EncryptedCache, _ server: EndlessPager, _ budget: SyncBudget) async throws -> SyncReport {
        var sync = CensusSync(client: FHIRClient(baseURL: URL(string: "http://127.0.0.1:9/fhir")!, transport: server), cache: cache)
        sync.budget = budget
        return try await sync.run(.patients([FHIRSamples.people[0].id]))
    }

    @Test func fullPagesWithoutEndStopAtTheResourcesAllowed() async throws {
        let cache = try TemporaryCache().unlock()
        let server = EndlessPager(perPage: 200)
        await #expect(throws: FHIRClientError.overBudget(budget: "1000 resources for 1 patient")) {
            _ = try await sync(cache, server, Self.resourcesOnly)
        }
        #expect(server.pagesServed < 20, "stopped after about five pages of Observations, not 10,000")
        #expect(try await CachedChartRepository(cache: cache).patient(id: FHIRSamples.people[0].id) == nil, "nothing stored")
    }

    @Test func emptyPagesWithoutEndSpendTheBudgetAsFullOnesDo() async throws {
        let cache = try TemporaryCache().unlock()
        let server = EndlessPager(perPage: 0)
        await #expect(throws: FHIRClientError.overBudget(budget: "1000 resources for 1 patient")) {
            _ = try await sync(cache, server, Self.resourcesOnly)
        }
        #expect(server.pagesServed < 20)
    }

    @Test func slowPagesWithoutEndStopAtTheTimeAllowed() async throws {
        let cache = try TemporaryCache().unlock()
        let server = EndlessPager(perPage: 1, delay: .milliseconds(100))
        var budget = SyncBudget(resourcesPerPatient: 1_000_000, secondsPerPatient: 1)
        budget.baseSeconds = 1
        await #expect(throws: FHIRClientError.overBudget(budget: "2 s for 1 patient")) {
            _ = try await sync(cache, server, budget)
        }
        // 2 s of 0.1 s pages, however late a loaded machine wakes the sleeps: not the 5,000
        // pages the resources would allow, nor the 10,000 of the page cap.
        #expect(server.pagesServed < 100)
    }

    @Test func theBudgetGrowsWithTheCensus() {
        let budget = SyncBudget()
        #expect(budget.resources(for: 30) == 150_000 && budget.resources(for: 0) == 5_000)
        #expect(budget.seconds(for: 30) == 360)
    }
}
