import DataFHIR
@testable import DataLocal
import Foundation
import Testing

@Suite("User login storage: the session sealed per server, the cache's owner")
struct UserSessionStorageTests {
    @Test func aSessionRoundTripsPerServerAndIsRemoved() throws {
        let temporary = TemporaryCache()
        let cache = try temporary.unlock()
        let store = SecretUserSessionStore(cache: cache, server: "http://127.0.0.1:1")
        let session = UserSession(
            clientID: "emr", tokenEndpoint: URL(string: "http://127.0.0.1:2/token")!, accessToken: "a", expiresAt: Date(timeIntervalSince1970: 2_000_000_000),
            refreshToken: "r", idToken: "h.p.s", scope: "openid fhirUser")
        store.save(session)
        #expect(store.load() == session)
        #expect(SecretUserSessionStore(cache: cache, server: "http://127.0.0.1:3").load() == nil)
        store.remove()
        #expect(store.load() == nil)
    }

    @Test func theTokensAreNeverStoredInTheClear() throws {
        let temporary = TemporaryCache()
        let cache = try temporary.unlock()
        SecretUserSessionStore(cache: cache, server: "http://127.0.0.1:1").save(UserSession(
            clientID: "emr", tokenEndpoint: URL(string: "http://127.0.0.1:2/token")!, accessToken: "ACCESS-TOKEN-TEXT",
            expiresAt: Date(), refreshToken: "REFRESH-TOKEN-TEXT"))
        for path in [temporary.location.databasePath, temporary.location.databasePath + "-wal"] {
            let bytes = FileManager.default.contents(atPath: path) ?? Data()
            #expect(bytes.range(of: Data("ACCESS-TOKEN-TEXT".utf8)) == nil)
            #expect(bytes.range(of: Data("REFRESH-TOKEN-TEXT".utf8)) == nil)
        }
    }

    @Test func theFirstClaimOwnsTheCache() throws {
        let temporary = TemporaryCache()
        let owner = CacheOwner(cache: try temporary.unlock())
        #expect(try owner.fhirUser() == nil)
        try owner.claim("Practitioner/p1")
        #expect(try owner.fhirUser() == "Practitioner/p1")
    }
}
