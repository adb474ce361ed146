import DataFHIR
@testable import DataLocal
import Foundation
import Testing

@Suite("Sync storage: in-memory import, lock, tokens")
struct SyncStorageTests {
    @Test func importResourcesStoresDecodedResourcesLikeAFile() throws {
        let temporary = TemporaryCache()
        let cache = try temporary.unlock()
        let json = #"{"resourceType":"Patient","id":"p1","name":[{"family":"Test"}],"gender":"female","birthDate":"1970-01-01"}"#
        let decoded = FHIRReader().read(Data(json.utf8)).resources
        let summary = try CacheImporter(cache: cache).importResources(decoded, source: "sync")
        #expect(summary.importedByType == ["Patient": 1])
        #expect(summary.patientsUpdated == 1)
        #expect(try cache.storedJSON(resourceType: "Patient", id: "p1") == Data(json.utf8))
    }

    @Test func aSecondSyncLockIsRefusedUntilTheFirstIsReleased() throws {
        let temporary = TemporaryCache()
        _ = try temporary.unlock()
        var first: SyncLock? = try SyncLock(directory: temporary.location.directory)
        #expect(throws: CacheError.syncRunning(path: temporary.location.directory + "/sync.lock")) {
            _ = try SyncLock(directory: temporary.location.directory)
        }
        withExtendedLifetime(first) {}
        first = nil
        _ = try SyncLock(directory: temporary.location.directory)
    }

    @Test func tokensRoundTripThroughTheSecretStorePerServerAndClient() throws {
        let temporary = TemporaryCache()
        let cache = try temporary.unlock()
        let store = SecretTokenStore(cache: cache, server: "http://127.0.0.1:1", clientID: "ward")
        let token = AccessToken(value: "abc", expiresAt: Date(timeIntervalSince1970: 2_000_000_000), scope: "system/*.read")
        store.save(token)
        #expect(store.load() == token)
        #expect(SecretTokenStore(cache: cache, server: "http://127.0.0.1:1", clientID: "other").load() == nil)
    }
}
