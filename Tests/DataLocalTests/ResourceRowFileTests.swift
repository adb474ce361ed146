import CoreDomain
import Foundation
@testable import DataLocal
import Testing

@Suite struct ResourceRowFileTests {
    /// Marks what it was given, so the test sees every key and record went through it.
    struct Marking: RecordProtection {
        func key(type: String, id: String) -> Data { Data("key:\(type)/\(id)".utf8) }
        func protect(_ record: [UInt8]) -> Data { Data("sealed:".utf8) + Data(record) }
    }

    @Test func everyRowIsKeyedAndKeptAsTheProtectionSaysAndAReimportReplacesIt() throws {
        let cache = TemporaryCache()
        let source = try cache.source(FHIRSamples.census(vitals: 1))
        let rows = try ResourceRowFile(directory: cache.root, name: "rows.sqlite", protection: Marking())
        let stored = try rows.importFile(at: source)
        #expect(try rows.importFile(at: source) == stored, "the same resources again replace their rows")

        let connection = try SQLiteConnection(path: cache.root + "/rows.sqlite")
        #expect(try connection.integer("SELECT count(*) FROM resource") == Int64(stored))
        let person = FHIRSamples.people[0]
        let query = try connection.statement("SELECT patient_index, record FROM resource WHERE key_index = ?")
            .bind(.blob(Data("key:Patient/\(person.id)".utf8)))
        #expect(try query.step())
        #expect(query.blob(0) == Data("key:Patient/\(person.id)".utf8), "a patient's rows carry its key as their patient")
        let record = try #require(query.blob(1))
        #expect(record.starts(with: Data("sealed:".utf8)))
        #expect(String(decoding: record, as: UTF8.self).contains(#""resourceType":"Patient""#), "the record ends with the JSON as received")
    }
}
