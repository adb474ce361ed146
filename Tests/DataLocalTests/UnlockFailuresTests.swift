import CoreDomain
@testable import DataLocal
import Foundation
import Testing

/// Wrong passphrases are counted outside the sealed trail and told in it at the next unlock.
@Suite struct UnlockFailuresTests {
    private func entries(_ cache: EncryptedCache) throws -> [String] {
        try AuditLog(cache: cache).entries().map { "\($0.event.action.code) \($0.event.action.detail) \($0.event.outcome.rawValue)" }
    }

    @Test func failuresSinceTheLastUnlockAreOneEntryBeforeTheUnlockThenCountAgain() throws {
        let temporary = TemporaryCache()
        let cache = try temporary.unlock()
        let trail = CacheAuditTrail(cache: cache, actor: AuditActor(user: "nurse1", source: "no-tty"))
        let failures = UnlockFailures(directory: temporary.location.directory)
        failures.increment()
        failures.increment()
        #expect(failures.count == 2)
        #expect(try temporary.mode(failures.path) == 0o600)

        try failures.recordUnlock(in: trail)
        #expect(failures.count == 0)
        try failures.recordUnlock(in: trail)
        #expect(try entries(cache) == ["unlock-failed 2 failure", "unlock  success", "unlock  success"])
    }
}
