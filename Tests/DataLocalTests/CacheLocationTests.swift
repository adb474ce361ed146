@testable import DataLocal
import Testing

@Suite struct CacheLocationTests {
    @Test func emrHomeWinsOverEverything() {
        let location = CacheLocation(environment: ["EMR_HOME": "/srv/emr", "XDG_DATA_HOME": "/data", "HOME": "/home/ann"])
        #expect(location.directory == "/srv/emr")
        #expect(location.databasePath == "/srv/emr/cache.sqlite")
        #expect(location.keyFilePath == "/srv/emr/key.json")
    }

    @Test func xdgDataHomeIsUsedWhenAbsolute() {
        #expect(CacheLocation(environment: ["XDG_DATA_HOME": "/data/", "HOME": "/home/ann"]).directory == "/data/emr")
    }

    @Test func relativeXDGDataHomeFallsBackToHome() {
        let location = CacheLocation(environment: ["XDG_DATA_HOME": "data", "HOME": "/home/ann"])
        #expect(location.directory == "/home/ann/.local/share/emr")
    }

    @Test func emptyEMRHomeIsIgnored() {
        #expect(CacheLocation(environment: ["EMR_HOME": "", "HOME": "/home/ann"]).directory == "/home/ann/.local/share/emr")
    }

    @Test func databaseFilesIncludeEverySQLiteSideFileAndTheAuditAnchor() {
        let files = CacheLocation(directory: "/x").databaseFiles
        #expect(files == ["/x/cache.sqlite", "/x/cache.sqlite-wal", "/x/cache.sqlite-shm", "/x/cache.sqlite-journal", "/x/audit.anchor"])
    }
}
