import CoreDomain
import Foundation
@testable import DataLocal
import Testing

/// `emr import`'s files, several to a durable transaction (`CacheImporter.importFiles`): each
/// file still stores all of itself or nothing, and each stored file has its audit entry.
@Suite struct BatchedImportTests {
    private let people = FHIRSamples.people

    private func files(_ cache: TemporaryCache) throws -> [URL] {
        try people.map { person in try cache.source([FHIRSamples.patient(person), FHIRSamples.glucose(person)], named: "\(person.id).ndjson") }
    }

    /// The files, the one at `position` holding a patient then locations, which `store` refuses
    /// with `RAISE(raising)`: `ABORT` fails the statement, `ROLLBACK` the whole transaction.
    private func files(_ cache: TemporaryCache, failingAt position: Int, in store: EncryptedCache, raising: String) throws -> [URL] {
        var urls = try files(cache)
        urls[position] = try cache.source([FHIRSamples.patient(people[position])] + FHIRSamples.locations(), named: "broken.ndjson")
        try store.database.withConnection { (connection) throws(CacheError) in
            try connection.execute("""
                CREATE TEMP TRIGGER refuse_locations BEFORE INSERT ON resource
                WHEN NEW.resource_type = 'Location' BEGIN SELECT RAISE(\(raising), 'simulated failure'); END
                """)
        }
        return urls
    }

    private func importing(_ urls: [URL], into store: EncryptedCache) -> [(String, Result<ImportSummary, CacheError>)] {
        var heard: [(String, Result<ImportSummary, CacheError>)] = []
        let trail = CacheAuditTrail(cache: store, actor: AuditActor(user: "nurse1", source: "no-tty"))
        CacheImporter(cache: store).importFiles(urls, auditedBy: trail) { heard.append(($0.lastPathComponent, $1)) }
        return heard
    }

    @Test func everyFileIsStoredWithItsOwnEntryAndHeardOfInOrder() throws {
        let cache = TemporaryCache()
        let store = try cache.unlock()
        let urls = try files(cache)
        let heard = importing(urls, into: store)
        #expect(heard.map(\.0) == urls.map(\.lastPathComponent))
        #expect(heard.map { (try? $0.1.get())?.importedCount } == [2, 2, 2])
        #expect(try cache.rowCount(store.database, table: "resource") == 6)
        #expect(try AuditLog(cache: store).entries().map(\.event.action) == Array(repeating: .importData(resources: 2), count: 3))
    }

    /// A file that fails halfway (here its second resource cannot be stored) leaves none of its
    /// rows, and takes neither the file before it nor the one after with it.
    @Test func aFileThatFailsHalfwayStoresNothingAndTheOthersStay() throws {
        let cache = TemporaryCache()
        let store = try cache.unlock()
        let urls = try files(cache, failingAt: 1, in: store, raising: "ABORT")
        let heard = importing(urls, into: store)
        #expect(heard.map { (try? $0.1.get())?.importedCount } == [2, nil, 2])
        #expect(try cache.rowCount(store.database, table: "resource") == 4, "the broken file's patient row is undone")
        #expect(try AuditLog(cache: store).entries().map(\.event.action) == Array(repeating: .importData(resources: 2), count: 2))
    }

    @Test func aMissingFileIsHeardOfByNameAndTheRestStored() throws {
        let cache = TemporaryCache()
        let store = try cache.unlock()
        var urls = try files(cache)
        urls.insert(URL(fileURLWithPath: cache.root + "/nowhere.ndjson"), at: 1)
        let heard = importing(urls, into: store)
        #expect(heard.map(\.0) == urls.map(\.lastPathComponent))
        guard case .failure(.unreadableSource(let path, _)) = heard[1].1 else { Issue.record("\(heard[1].1)"); return }
        #expect(path.hasSuffix("nowhere.ndjson"))
        #expect(try cache.rowCount(store.database, table: "resource") == 6)
    }

    /// A failure that ends the whole transaction (SQLite's own rollback, as on a full disk)
    /// fails every file of the batch: none of them is stored, and none is said to be.
    @Test func aFailureThatEndsTheTransactionFailsItsWholeBatch() throws {
        let cache = TemporaryCache()
        let store = try cache.unlock()
        let urls = try files(cache, failingAt: 2, in: store, raising: "ROLLBACK")
        let heard = importing(urls, into: store)
        #expect(heard.map(\.0) == urls.map(\.lastPathComponent))
        #expect(heard.allSatisfy { if case .failure = $0.1 { true } else { false } })
        #expect(try cache.rowCount(store.database, table: "resource") == 0)
        #expect(try AuditLog(cache: store).entries().isEmpty)
    }
}
