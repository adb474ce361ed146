import DataFHIR
import Foundation

/// Sends the audit trail to the FHIR server as `AuditEvent` resources, oldest first, each
/// entry exactly once. Every entry is PUT under the id its chain tag gives it, so a retry or
/// a resend after a crash replaces the server's copy instead of adding another; a sealed
/// watermark (how many entries the server has) moves only after the server said yes. The
/// first failure stops the upload, keeping the server's copy a gap-free prefix of the chain.
/// Uploaded entries stay in the local chain.
public struct AuditUpload: Sendable {
    /// The `sync_state` key of the upload watermark.
    public static let watermarkKey = "audit-upload"
    /// Entries read from the cache at a time.
    static let pageSize = 200

    private let client: FHIRClient
    private let cache: EncryptedCache
    private let workstation: String

    /// `workstation` names the machine that recorded the entries (`AuditEvent.source.site`).
    public init(client: FHIRClient, cache: EncryptedCache, workstation: String) {
        self.client = client
        self.cache = cache
        self.workstation = workstation
    }

    /// Uploads every entry not uploaded before; returns how many it sent.
    public func run() async throws(AuditUploadFailure) -> Int {
        let state = SyncState(cache: cache)
        let log = AuditLog(cache: cache)
        var uploaded = 0
        do {
            var position = try state.watermark(for: Self.watermarkKey).flatMap { Int($0) } ?? 0
            while true {
                let page = try log.chained(after: position, limit: Self.pageSize)
                if page.isEmpty { return uploaded }
                for chained in page {
                    let resource = AuditEventResource(id: chained.resourceID, event: chained.entry.event, workstation: workstation)
                    try await client.update(type: "AuditEvent", id: resource.id, resource: resource.json)
                    position = chained.entry.sequence
                    try state.setWatermark(String(position), for: Self.watermarkKey)
                    uploaded += 1
                }
            }
        } catch let error as FHIRClientError {
            throw AuditUploadFailure(uploaded: uploaded, reason: error.description)
        } catch let error as CacheError {
            throw AuditUploadFailure(uploaded: uploaded, reason: error.description)
        } catch {
            throw AuditUploadFailure(uploaded: uploaded, reason: "\(error)")
        }
    }
}

/// The upload stopped: how many entries got through first, and why (PHI-free: the client's
/// and the cache's errors name requests and tables, never patients). The rest goes next time.
public struct AuditUploadFailure: Error, Sendable, Hashable, CustomStringConvertible {
    public var uploaded: Int
    public var reason: String

    public var description: String {
        "the audit upload stopped after \(uploaded) entries (\(reason)); the rest is sent on the next sync"
    }
}
