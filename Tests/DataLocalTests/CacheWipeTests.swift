import Foundation
@testable import DataLocal
import Testing

@Suite struct CacheWipeTests {
    @Test func removesTheDatabaseAndEverySideFileButNotTheFolder() throws {
        let cache = TemporaryCache()
        let database = try cache.open()
        try cache.insertWatermarks(database, count: 5)
        let journal = cache.location.databasePath + "-journal"
        #expect(FileManager.default.createFile(atPath: journal, contents: Data([1])))
        #expect(FileManager.default.createFile(atPath: cache.location.auditAnchorPath, contents: Data([1])))
        let removed = try CacheWipe.removeDatabase(at: cache.location)
        #expect(Set(removed) == Set(cache.location.databaseFiles))
        for path in cache.location.databaseFiles {
            #expect(!FileManager.default.fileExists(atPath: path))
        }
        #expect(FileManager.default.fileExists(atPath: cache.location.directory))
    }

    @Test func wipingAnEmptyFolderRemovesNothing() throws {
        let cache = TemporaryCache()
        try PrivateFiles.prepareDirectory(cache.location.directory)
        #expect(try CacheWipe.removeDatabase(at: cache.location) == [])
    }
}
