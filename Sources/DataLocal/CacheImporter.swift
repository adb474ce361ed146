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

    /// Imports the file at `url` in one transaction, without an audit entry (a test's or the
    /// bench's set-up; `emr import` imports through `importFiles`); re-importing the same
    /// resources replaces them (no duplicates).
    public func importFile(at url: URL) throws(CacheError) -> ImportSummary {
        try cache.write { (resources) throws(CacheError) -> ImportSummary in try importOne(url, into: resources) }
    }

    /// How long a batch of `importFiles` gathers files before it commits: a commit that must
    /// reach the disk, and the audit anchor after it, cost about 15 ms (three fsyncs), which one
    /// transaction per file paid for each of a census's 10,000 small files (3 min of 3 min 15 s
    /// waiting on the disk). A kill loses at most this much work, which the next run imports again.
    public static let batchPeriod: Duration = .milliseconds(250)

    /// Imports `urls` in order, each file with its own audit entry (its count; a failure when
    /// anything was skipped), several files to a durable transaction (`batchPeriod`): each file in a savepoint, so one
    /// that cannot be read stores nothing and the others stay; the batch's entries are written
    /// with its data, both commit or neither. `onFile` hears of each file once its batch has
    /// committed, or failed: then every file of the batch failed with it.
    public func importFiles(
        _ urls: [URL], auditedBy trail: CacheAuditTrail, onFile: (URL, Result<ImportSummary, CacheError>) -> Void
    ) {
        let clock = ContinuousClock()
        var next = urls.startIndex
        while next < urls.endIndex {
            let started = clock.now
            var outcomes: [(URL, Result<ImportSummary, CacheError>)] = []
            do throws(CacheError) {
                try cache.write(durably: true) { (resources) throws(CacheError) in
                    var entries: [(AuditAction, AuditOutcome)] = []
                    repeat {
                        let url = urls[next]
                        next += 1
                        do throws(SavepointFailure) {
                            let summary = try resources.connection.savepoint { () throws(CacheError) in try importOne(url, into: resources) }
                            entries.append((.importData(resources: summary.importedCount), summary.skipped.isEmpty ? .success : .failure))
                            outcomes.append((url, .success(summary)))
                        } catch {
                            switch error {
                            case let .undone(cause):
                                outcomes.append((url, .failure(cause)))
                            case let .transactionEnded(cause):
                                outcomes.append((url, .failure(cause)))
                                throw cause
                            }
                        }
                    } while next < urls.endIndex && clock.now - started < Self.batchPeriod
                    if !entries.isEmpty { try trail.record(entries, on: resources.connection) }
                }
            } catch {
                // Nothing of the batch is stored. A batch that could not even begin fails the
                // file it would have begun with, so the next batch tries the next file.
                if outcomes.isEmpty {
                    outcomes = [(urls[next], .failure(error))]
                    next += 1
                }
                outcomes = outcomes.map { ($0.0, .failure(error)) }
            }
            for (url, outcome) in outcomes { onFile(url, outcome) }
        }
    }

    private func importOne(_ url: URL, into resources: ResourceTable) throws(CacheError) -> ImportSummary {
        var session = try ImportSession(resources: resources, file: url.lastPathComponent)
        try read(url) { (resource) throws(CacheError) in try session.add(rule.stored(resource)) } onProblem: { session.report($0) }
        try session.finish()
        return session.summary
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
