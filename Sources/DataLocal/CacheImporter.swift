import CoreDomain
import DataFHIR
import Foundation

/// Imports FHIR files (NDJSON, Bundle or single resource) into the cache, one transaction
/// per file: a crash or kill mid-file leaves none of that file, a finished file is all there.
/// Resources that fail to decode are skipped and reported; the rest are stored.
public struct CacheImporter: Sendable {
    private let cache: EncryptedCache
    private let reader: FHIRReader
    private let rule: StoredValueRule

    public init(cache: EncryptedCache, reader: FHIRReader = FHIRReader(), storing rule: StoredValueRule = .asDecoded) {
        self.cache = cache
        self.reader = reader
        self.rule = rule
    }

    /// Imports the file at `url`; re-importing the same resources replaces them (no duplicates).
    /// With `trail`, the file's import entry (its count; a failure when anything was skipped)
    /// is written in the same transaction as its data: both commit, or neither.
    public func importFile(at url: URL, auditedBy trail: CacheAuditTrail? = nil) throws(CacheError) -> ImportSummary {
        try cache.write(durably: trail != nil) { (resources) throws(CacheError) -> ImportSummary in
            var session = try ImportSession(resources: resources, file: url.lastPathComponent)
            try read(url) { (resource) throws(CacheError) in try session.add(rule.stored(resource)) } onProblem: { session.report($0) }
            try session.finish()
            let summary = session.summary
            try trail?.record(.importData(resources: summary.importedCount), outcome: summary.skipped.isEmpty ? .success : .failure,
                              on: resources.connection)
            return summary
        }
    }

    /// Stores resources already decoded in memory (a sync's search results) in one
    /// transaction, with the same replacement and derived-row rules as `importFile`.
    /// With `audit`, its entry is written in the same transaction as the resources: a sync's
    /// data and the record that it happened commit together, or neither does.
    public func importResources(
        _ decoded: [DecodedResource], source: String, audit: (trail: CacheAuditTrail, action: AuditAction)? = nil
    ) throws(CacheError) -> ImportSummary {
        try cache.write(durably: audit != nil) { (resources) throws(CacheError) -> ImportSummary in
            var session = try ImportSession(resources: resources, file: source)
            for resource in decoded { try session.add(rule.stored(resource)) }
            try session.finish()
            if let audit { try audit.trail.record(audit.action, outcome: .success, on: resources.connection) }
            return session.summary
        }
    }

    private func read(
        _ url: URL, onResource: (DecodedResource) throws(CacheError) -> Void, onProblem: (FHIRProblem) -> Void
    ) throws(CacheError) {
        do {
            try reader.forEachResource(in: url, onProblem: onProblem, onResource: onResource)
        } catch let error as CacheError {
            throw error
        } catch let error as FHIRReadError {
            throw .unreadableSource(path: error.file, reason: error.reason)
        } catch {
            throw .unreadableSource(path: url.path, reason: "\(error)")
        }
    }
}
