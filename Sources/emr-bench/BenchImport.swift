import CoreDomain
import DataLocal
import Foundation

/// Files imported as `emr import` imports them (`CacheImporter.importFiles`: audited, durable,
/// several files to a transaction), counting the resources stored. A file that fails stops the
/// bench: its figures would not be the import's.
struct BenchImport {
    let cache: EncryptedCache
    private static let actor = AuditActor(user: "emr-bench", source: "no-tty")

    func run(_ files: [URL]) throws -> Int {
        var count = 0
        var failure: (URL, CacheError)?
        CacheImporter(cache: cache).importFiles(files, auditedBy: CacheAuditTrail(cache: cache, actor: Self.actor)) { file, outcome in
            switch outcome {
            case let .success(summary): count += summary.importedCount
            case let .failure(error): failure = failure ?? (file, error)
            }
        }
        if let (file, error) = failure { throw BenchFailure("importing \(file.path): \(error)") }
        return count
    }
}
