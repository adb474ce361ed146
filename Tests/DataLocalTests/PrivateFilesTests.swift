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

    /// A link in the database's place would let it be read or written somewhere else.
    @Test func refusesASymbolicLinkInTheCachesPlace() throws {
        let cache = TemporaryCache()
        _ = try cache.open()
        let elsewhere = cache.location.directory + "/elsewhere.sqlite"
        try FileManager.default.moveItem(atPath: cache.location.databasePath, toPath: elsewhere)
        try FileManager.default.createSymbolicLink(atPath: cache.location.databasePath, withDestinationPath: elsewhere)
        let error = #expect(throws: CacheError.self) { try cache.open() }
        #expect(error?.description.contains("is a symbolic link: replace the link with the file itself") == true, "\(String(describing: error))")
    }

    /// Another account's file in the cache's place could be changed under us.
    @Test func refusesAFileOwnedByAnotherAccount() throws {
        let cache = TemporaryCache()
        _ = try cache.open()
        guard geteuid() == 0 else { return }  // only root can give a file away; CI runs as root
        chown(cache.location.databasePath, 65_534, 65_534)
        let error = #expect(throws: CacheError.self) { try cache.open() }
        #expect(error?.description.contains("belongs to another account") == true)
    }

    /// The settings name the server the token goes to: others must not be able to change them.
    @Test(arguments: [0o666, 0o622, 0o646])
    func refusesASettingsFileOthersCanWrite(mode: Int) throws {
        let cache = TemporaryCache()
        _ = try cache.open()
        let settings = cache.location.configPath
        try Data("ward = 4W\n".utf8).write(to: URL(fileURLWithPath: settings))
        chmod(settings, mode_t(mode))
        let error = #expect(throws: CacheError.self) { try cache.location.checkSettings() }
        #expect(error?.description == "\(settings) can be changed by other users: run 'chmod go-w \(settings)', then try again.")
        #expect(throws: try #require(error), "one rule for every command: the folder's check") { try cache.location.checkPrivate() }
        chmod(settings, 0o644)
        #expect(throws: Never.self) { try cache.location.checkPrivate() }
    }
}
