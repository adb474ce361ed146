import CoreDomain
import DataFHIR
import Foundation

/// Sends the outbox to the FHIR server, oldest first: each item is PUT to the id it was given
/// on this machine before the first attempt, with the client's retry policy.
///
/// Why PUT and not a conditional create (`POST` with `If-None-Exist: identifier=...`): a PUT
/// to a client-assigned id is idempotent by definition, so sending an item again after a lost
/// answer, or after a kill between the server's 2xx and the local mark, replaces the one copy
/// instead of adding another. A conditional create instead relies on the server's search
/// index at the moment of the retry (two retries racing, or an index that lags, each find
/// nothing and create a copy), and a correction must update the same resource anyway. The
/// cost is that the server must accept client-assigned ids (update as create), which R4
/// servers commonly do.
///
/// A correction of a resource the server sent carries the version it was made from as
/// `If-Match`: a server that has a newer version since answers 412, a refusal like any other
/// 4xx (failed, with the server's message), so nobody's later change is overwritten unseen.
/// When the server applied a correction but its answer was lost (or emr was killed before the
/// mark), sending it again meets the new version: on a 412 the drain reads the server's copy,
/// and one already in the state the correction was sending counts as sent.
///
/// On a 2xx the item is marked sent. A 4xx other than 401/403 (and the transient 408/429)
/// marks it failed with the server's one-line reason, and the drain goes on: each Observation
/// stands alone, so one refused value does not hold back the rest of a round or of the
/// patient, and a later version of the same resource (its correction) still goes and, once
/// sent, settles the refused one. An auth refusal, no answer, or a 5xx after the retries stops
/// the drain with the item still pending; the next drain starts again from it, so order holds.
///
/// Each item sent or refused is audited as a `sync` of its patient, with its outcome (what left
/// this machine, and whether the server took it); a drain that stops is the sync's failure,
/// which the sync itself records.
public struct OutboxDrain: Sendable {
    static let pageSize = 100

    private let client: FHIRClient
    private let cache: EncryptedCache
    private let trail: CacheAuditTrail

    public init(client: FHIRClient, cache: EncryptedCache, trail: CacheAuditTrail) {
        self.client = client
        self.cache = cache
        self.trail = trail
    }

    /// Sends every pending item; returns how many were sent and refused.
    public func run() async throws(OutboxDrainFailure) -> OutboxDrainReport {
        let outbox = Outbox(cache: cache)
        var report = OutboxDrainReport()
        do {
            while true {
                let page = try outbox.pending(limit: Self.pageSize)
                if page.isEmpty { return report }
                for item in page {
                    let envelope: OutboxEnvelope
                    do {
                        envelope = try OutboxEnvelope(item.payload)
                    } catch {
                        throw CacheError.tampered(table: "outbox", rowID: item.id)
                    }
                    let refusal = try await send(envelope)
                    try outbox.settle(item.id, refusal: refusal, patientID: envelope.patientID, trail: trail)
                    if refusal == nil { report.sent += 1 } else { report.failed += 1 }
                }
            }
        } catch let error as FHIRClientError {
            throw OutboxDrainFailure(report: report, reason: error.description, offline: error.isOffline)
        } catch let error as CacheError {
            throw OutboxDrainFailure(report: report, reason: error.description, offline: false)
        } catch {
            throw OutboxDrainFailure(report: report, reason: "\(error)", offline: false)
        }
    }

    /// PUTs `envelope`'s resource; nil when the server stored it, its reason when it refused it
    /// for good. Anything transient is thrown, stopping the drain.
    private func send(_ envelope: OutboxEnvelope) async throws(FHIRClientError) -> String? {
        do {
            try await client.update(type: envelope.resourceType, id: envelope.id, resource: envelope.json, ifMatch: envelope.ifMatch)
            return nil
        } catch .rejected(let request, let status, let issue, let diagnostics) where Self.isRefusal(status) {
            // A copy that cannot be read back leaves the 412 as it came: refused, with its reason.
            if status == 412, envelope.ifMatch != nil, (try? await isOnServer(envelope)) == true { return nil }
            guard let diagnostics = diagnostics.map(Self.oneLine), !diagnostics.isEmpty else {
                return FHIRClientError.rejected(request: request, status: status, issue: issue, serverDiagnostics: nil).description
            }
            return "\(diagnostics) (HTTP \(status))"
        }
    }

    /// Whether the server's current version of `envelope`'s resource already is what it was sending.
    private func isOnServer(_ envelope: OutboxEnvelope) async throws(FHIRClientError) -> Bool {
        let current = try await client.get(client.url("\(envelope.resourceType)/\(envelope.id)"), kind: .read(envelope.resourceType))
        return ResourceCorrection.isApplied(envelope.json, on: current.data)
    }

    /// A 4xx that will not change by sending again (401/403 come as their own errors).
    static func isRefusal(_ status: Int) -> Bool {
        (400...499).contains(status) && status != 408 && status != 429
    }

    /// The server's words on one line: line breaks and other control characters become spaces.
    static func oneLine(_ text: String) -> String {
        text.unicodeScalars.map { CharacterSet.controlCharacters.contains($0) ? " " : String($0) }.joined()
            .split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }
}

/// What one drain did.
public struct OutboxDrainReport: Sendable, Hashable {
    /// Items the server stored.
    public var sent = 0
    /// Items the server refused for good (kept in the outbox, marked failed).
    public var failed = 0

    public init(sent: Int = 0, failed: Int = 0) {
        self.sent = sent
        self.failed = failed
    }
}

/// The drain stopped: what got through first, and why (PHI-free: the client's and the cache's
/// errors name requests and tables, never patients). The rest stays pending for next time.
public struct OutboxDrainFailure: Error, Sendable, Hashable, CustomStringConvertible {
    public var report: OutboxDrainReport
    public var reason: String
    /// The server could not be reached at all: the workstation is offline, not refused.
    public var offline: Bool

    public var description: String {
        "sending charted entries stopped after \(report.sent) sent (\(reason)); the rest stay queued for the next sync"
    }
}
