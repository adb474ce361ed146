import Foundation
@testable import DataLocal
import Testing

@Suite struct PrivateFilesTests {
    @Test func createsPrivateFolderAndFilesIncludingWALAndSHM() throws {
        let cache = TemporaryCache()
        let database = try cache.open()
        try cache.insertWatermarks(database, count: 10)
        #expect(try cache.mode(cache.location.directory) == 0o700)
        let existing = cache.location.databaseFiles.filter { FileManager.default.fileExists(atPath: $0) }
        #expect(existing.count >= 3, "database, -wal and -shm exist while open")
        for path in existing {
            #expect(try cache.mode(path) == 0o600, "\(path)")
        }
    }

    @Test func refusesAFolderOthersCanRead() throws {
        let cache = TemporaryCache()
        _ = try cache.open()
        chmod(cache.location.directory, 0o750)
        let error = #expect(throws: CacheError.self) { try cache.open() }
        #expect(error == .insecurePermissions(path: cache.location.directory, fix: "chmod 700 \(cache.location.directory)"))
        #expect(error?.description.contains("run 'chmod 700 \(cache.location.directory)'") == true)
        #expect(error?.description.contains("\n") == false)
    }

    @Test(arguments: [0o604, 0o640, 0o644])
    func refusesADatabaseFileOthersCanRead(mode: Int) throws {
        let cache = TemporaryCache()
        _ = try cache.open()
        chmod(cache.location.databasePath, mode_t(mode))
        let error = #expect(throws: CacheError.self) { try cache.open() }
        #expect(error == .insecurePermissions(path: cache.location.databasePath, fix: "chmod 600 \(cache.location.databasePath)"))
    }

    @Test func refusesAWorldReadableWAL() throws {
        let cache = TemporaryCache()
        let database = try cache.open()
        try cache.insertWatermarks(database, count: 1)
        let wal = cache.location.databasePath + "-wal"
        chmod(wal, 0o644)
        #expect(throws: CacheError.insecurePermissions(path: wal, fix: "chmod 600 \(wal)")) { try cache.open() }
    }
}
