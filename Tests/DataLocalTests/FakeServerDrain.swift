import CoreDomain
@testable import DataLocal
import DataFHIR
import Foundation

extension FakeFHIRServer {
    /// The outbox drain of `cache` sending here, retrying at once, recorded as nurse1's: what a
    /// recorder test sends what it charted through.
    func drain(_ cache: EncryptedCache) -> OutboxDrain {
        let client = FHIRClient(baseURL: URL(string: "http://127.0.0.1:9/fhir")!, transport: self, retry: RetryPolicy(sleep: { _ in }, random: { 0.5 }))
        return OutboxDrain(client: client, cache: cache, trail: CacheAuditTrail(cache: cache, actor: AuditActor(user: "nurse1", source: "no-tty")))
    }
}
