import Foundation
@testable import DataLocal
import Testing

/// A damaged file is reported, with its name and the way out, and is never deleted.
@Suite struct CorruptionTests {
    /// A closed cache with enough rows to span many pages.
    private func populatedCache() throws -> TemporaryCache {
        let cache = TemporaryCache()
        try cache.insertWatermarks(try cache.open(), count: 400)
        #expect(!FileManager.default.fileExists(atPath: cache.location.databasePath + "-wal"), "closing checkpoints the WAL")
        return cache
    }

    private func expectCorrupt(_ cache: TemporaryCache) throws {
        let before = try Data(contentsOf: URL(fileURLWithPath: cache.location.databasePath))
        let error = #expect(throws: CacheError.self) { try cache.open() }
        #expect(error == .corrupt(path: cache.location.databasePath))
        #expect(error?.description.contains("run 'emr wipe', then re-import or re-sync") == true)
        let after = try Data(contentsOf: URL(fileURLWithPath: cache.location.databasePath))
        #expect(after == before, "the damaged file is left as it was")
    }

    @Test func aFileThatIsNotSQLiteIsReported() throws {
        let cache = TemporaryCache()
        try PrivateFiles.prepareDirectory(cache.location.directory)
        try PrivateFiles.prepareFile(cache.location.databasePath)
        try Data(String(repeating: "not a database at all. ", count: 300).utf8)
            .write(to: URL(fileURLWithPath: cache.location.databasePath))
        try expectCorrupt(cache)
    }

    @Test func aTruncatedFileIsReported() throws {
        let cache = try populatedCache()
        let handle = try #require(FileHandle(forUpdatingAtPath: cache.location.databasePath))
        let size = try handle.seekToEnd()
        try handle.truncate(atOffset: size / 2)
        try handle.close()
        try expectCorrupt(cache)
    }

    /// Overwrites two pages in the middle of the file, leaving the header and schema intact.
    private func overwriteMiddlePages(_ cache: TemporaryCache) throws {
        let handle = try #require(FileHandle(forUpdatingAtPath: cache.location.databasePath))
        let size = try handle.seekToEnd()
        try handle.seek(toOffset: size / 2)
        try handle.write(contentsOf: Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }))
        try handle.close()
    }

    @Test func overwrittenPagesAreReported() throws {
        let cache = try populatedCache()
        try overwriteMiddlePages(cache)
        try expectCorrupt(cache)
    }

    /// The workstation opens without the whole-file check (it reads every page) and runs it
    /// beside its first frame: the damage is still found, on a connection of its own.
    @Test func aCheckLeftToTheOwnerFindsTheSameDamage() throws {
        let cache = try populatedCache()
        try overwriteMiddlePages(cache)
        let database = try CacheDatabase(location: cache.location, structureCheck: .byOwner)
        let error = #expect(throws: CacheError.self) { try database.checkStructure() }
        #expect(error == .corrupt(path: cache.location.databasePath))
        #expect(throws: Never.self) { try CacheDatabase(location: try populatedCache().location, structureCheck: .byOwner).checkStructure() }
    }

    @Test func aDamagedHeaderIsReported() throws {
        let cache = try populatedCache()
        let handle = try #require(FileHandle(forUpdatingAtPath: cache.location.databasePath))
        try handle.write(contentsOf: Data(repeating: 0x5A, count: 100))
        try handle.close()
        try expectCorrupt(cache)
    }
}
