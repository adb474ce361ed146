import CoreDomain
import Foundation
@testable import DataLocal
import SecurityKit
import Testing

/// A fresh cache folder under the system temp folder, removed when the test lets go of it.
final class TemporaryCache {
    let root: String
    let location: CacheLocation

    init() {
        root = NSTemporaryDirectory() + "emr-cache-test-" + UUID().uuidString
        location = CacheLocation(directory: root + "/emr")
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    /// One data key per test cache, as the key file would hand it over.
    let dataKey = SecretBytes(count: 32)

    func open() throws -> CacheDatabase { try CacheDatabase(location: location) }

    func unlock() throws -> EncryptedCache { try EncryptedCache(database: try open(), dataKey: dataKey) }

    /// Writes `lines` as an NDJSON file beside the cache folder.
    func source(_ lines: [String], named name: String = "import.ndjson") throws -> URL {
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        return try FHIRSamples.write(lines, named: name, in: root)
    }

    /// Imports `lines` into `store` as one file, as a test's set-up does, and checks that every
    /// line is held as sent (stored, or already held unchanged): a resource skipped or kept back
    /// would leave the test checking less than it says.
    func importWhole(_ lines: [String], into store: EncryptedCache, named name: String = "import.ndjson",
                     storing rule: StoredValueRule = .asDecoded, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let summary = try CacheImporter(cache: store, storing: rule).importFile(at: try source(lines, named: name))
        #expect(summary.importedCount + summary.unchanged == lines.count && summary.skipped.isEmpty,
                "\(summary.importedCount) of \(lines.count) stored, \(summary.unchanged) unchanged, \(summary.skipped.count) skipped",
                sourceLocation: sourceLocation)
    }

    /// The permission bits of `path`.
    func mode(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (attributes[.posixPermissions] as? Int ?? -1) & 0o777
    }

    /// Raw SQLite rows written straight through the connection, for tests of the storage layer.
    func insertWatermarks(_ database: CacheDatabase, count: Int, prefix: String = "Type") throws {
        try database.write { (connection) throws(CacheError) in
            let insert = try connection.statement("INSERT INTO sync_state (resource_type, watermark, updated_at) VALUES (?, ?, 0)")
            for index in 0..<count {
                try insert.bind(.text("\(prefix)\(index)"), .blob(Data(repeating: UInt8(index % 251), count: 200))).run()
            }
        }
    }

    func rowCount(_ database: CacheDatabase, table: String) throws -> Int64 {
        try database.withConnection { (connection) throws(CacheError) in try connection.integer("SELECT count(*) FROM \(table)") }
    }
}

extension CacheAuditTrail {
    /// A nurse's trail on `cache`, for the charting recorders (each write is stored with its
    /// audit entries, `OutboxResourceStore`).
    static func nurse(_ cache: EncryptedCache) -> CacheAuditTrail {
        CacheAuditTrail(cache: cache, actor: AuditActor(user: "nurse1", source: "no-tty"))
    }
}
