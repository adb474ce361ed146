import Foundation
@testable import DataLocal
import Testing

@Suite struct SchemaMigrationTests {
    /// Every version a user's cache might still be at, from empty (0) to one below the latest.
    static let earlierVersions = Array(0..<CacheSchema.latestVersion)

    @Test(arguments: earlierVersions)
    func migratesACacheCreatedAtAnEarlierVersion(version: Int) throws {
        let cache = TemporaryCache()
        try PrivateFiles.prepareDirectory(cache.location.directory)
        try PrivateFiles.prepareFile(cache.location.databasePath)
        do {
            let old = try SQLiteConnection(path: cache.location.databasePath)
            try SchemaMigrator.migrate(old, to: version)
            #expect(try SchemaMigrator.currentVersion(of: old) == version)
        }
        let database = try cache.open()
        let migrated = try database.withConnection { (connection) throws(CacheError) in
            try SchemaMigrator.currentVersion(of: connection)
        }
        #expect(migrated == CacheSchema.latestVersion)
        for table in ["resource", "patient_list", "outbox", "sync_state", "secret", "audit_log", "audit_head", "result_view"] {
            #expect(try cache.rowCount(database, table: table) == 0)
        }
    }

    @Test func migrationStepsAreNumberedConsecutivelyFromOne() {
        #expect(CacheSchema.migrations.map(\.version) == Array(1...CacheSchema.latestVersion))
    }

    @Test func reopeningKeepsDataAndDoesNotRemigrate() throws {
        let cache = TemporaryCache()
        try cache.insertWatermarks(try cache.open(), count: 3)
        #expect(try cache.rowCount(try cache.open(), table: "sync_state") == 3)
    }

    /// Steps 4 (Observation's layout grew `performer`) and 5 (bundles hold each value in its own field).
    @Test func oldBundlesAreDroppedAndChartsReadTheRowsInstead() async throws {
        let cache = TemporaryCache()
        let store = try cache.unlock()
        try cache.importWhole(FHIRSamples.census(vitals: 2), into: store)
        let patient = FHIRSamples.people[0].id
        let before = try await CachedChartRepository(cache: store).observations(patientID: patient, category: nil)
        try store.database.withConnection { (connection) throws(CacheError) in try connection.execute("PRAGMA user_version = 3") }
        #expect(try cache.rowCount(store.database, table: "chart_bundle") > 0)
        let reopened = try cache.unlock()
        #expect(try cache.rowCount(reopened.database, table: "chart_bundle") == 0)
        let after = try await CachedChartRepository(cache: reopened).observations(patientID: patient, category: nil)
        #expect(Set(after.map(\.id)) == Set(before.map(\.id)))
        #expect(!after.isEmpty)
    }

    @Test func refusesACacheFromANewerEmr() throws {
        let cache = TemporaryCache()
        let future = CacheSchema.latestVersion + 1
        try cache.open().withConnection { (connection) throws(CacheError) in
            try connection.execute("PRAGMA user_version = \(future)")
        }
        let error = #expect(throws: CacheError.self) { try cache.open() }
        #expect(error == .newerSchema(path: cache.location.databasePath, found: future, supported: CacheSchema.latestVersion))
    }

    @Test func aFailingStepLeavesTheEarlierVersion() throws {
        let cache = TemporaryCache()
        try PrivateFiles.prepareDirectory(cache.location.directory)
        let connection = try SQLiteConnection(path: cache.location.databasePath)
        let steps = CacheSchema.migrations + [SchemaMigration(version: CacheSchema.latestVersion + 1, statements: [
            "CREATE TABLE half_done (x)", "THIS IS NOT SQL",
        ])]
        #expect(throws: CacheError.self) { try SchemaMigrator.migrate(connection, to: CacheSchema.latestVersion + 1, steps: steps) }
        #expect(try SchemaMigrator.currentVersion(of: connection) == CacheSchema.latestVersion)
        #expect(try connection.integer("SELECT count(*) FROM sqlite_master WHERE name = 'half_done'") == 0)
    }
}
