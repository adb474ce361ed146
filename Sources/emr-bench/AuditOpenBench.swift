import CoreDomain
import DataLocal
import Foundation
import SecurityKit

/// Opening a cache with a long audit trail (issue 34): every command checks the trail when it
/// opens the cache, and until the sealed checkpoint of the verified prefix that check read every
/// entry, 0.7 s at 20,000 and growing. At 20,000 and 100,000 entries side by side, so a flat open
/// shows as two equal rows: the check at open as a command runs it (one entry added since, as
/// each command's unlock adds one), the whole open around it (database and its structure check,
/// key check, the unlock's entry, trail check, manifest check; not the KDF), and the whole-chain
/// check `emr audit verify` still runs, which every open ran before.
/// The caches stay under `.bench/audit-open-N/emr` with the census passphrase, for `emr` itself.
struct AuditOpenBench {
    let options: BenchOptions
    var sizes = [20_000, 100_000]
    /// Entries per transaction while the trail is built: each commit is flushed to disk.
    private static let batch = 2_000

    func run(into table: inout ResultTable) throws {
        for size in sizes {
            let (location, dataKey) = try build(entries: size)
            let label = "\(Figure.count(size)) audit entries"
            let trail = AuditLog(cache: try EncryptedCache(database: CacheDatabase(location: location), dataKey: dataKey))
            let whole = try Samples.measure(iterations: 3, warmUp: 0) { _ = try trail.verify(.wholeChain) }
            // The entry a command's unlock adds is written before each check, untimed: its two
            // flushes (the commit's and the anchor's) are not the check's.
            var checks: [Duration] = []
            for _ in 0..<30 {
                try trail.append(Self.event(0))
                checks.append(try ContinuousClock().measure { _ = try trail.verify(.sinceCheckpoint) })
            }
            let check = Samples(checks)
            let open = try Samples.measure(iterations: 30, warmUp: 2) {
                let cache = try EncryptedCache(database: CacheDatabase(location: location), dataKey: dataKey)
                try AuditLog(cache: cache).append(Self.event(0))
                _ = try AuditLog(cache: cache).verify(.sinceCheckpoint)
                try cache.checkRows()
            }
            table.add(ResultRow(
                metric: "audit check at open", size: label, median: Figure.ms(check.median), spread: "p99 \(Figure.ms(check.p99))",
                reference: "target < 50 ms", ratio: Figure.ratio(check.p99 / 50) + " of target"))
            table.add(ResultRow(
                metric: "cache open with its checks, unlock entry", size: label, median: Figure.ms(open.median), spread: "p99 \(Figure.ms(open.p99))"))
            table.add(ResultRow(
                metric: "audit verify (whole chain)", size: label, median: Figure.ms(whole.median),
                spread: "min \(Figure.ms(whole.min)) / max \(Figure.ms(whole.max))", reference: "every open before the checkpoint"))
        }
    }

    /// A new cache under the census passphrase holding `entries` audit entries.
    private func build(entries: Int) throws -> (CacheLocation, SecretBytes) {
        let location = CacheLocation(directory: try options.scratch("audit-open-\(entries)") + "/emr")
        let (keyFile, dataKey) = try KeyFile.create(passphrase: SecretBytes(copying: Array(CensusCache.passphrase.utf8)))
        let trail = AuditLog(cache: try EncryptedCache(database: CacheDatabase(location: location), dataKey: dataKey))
        try keyFile.write(to: URL(fileURLWithPath: location.keyFilePath))
        var progress = StepProgress("audit trail of \(Figure.count(entries))", total: entries, unit: "entries")
        for first in stride(from: 0, to: entries, by: Self.batch) {
            try trail.append((first..<min(entries, first + Self.batch)).map(Self.event))
            progress.advance(to: min(entries, first + Self.batch))
        }
        return (location, dataKey)
    }

    private static func event(_ minute: Int) -> AuditEvent {
        AuditEvent(
            time: Date(timeIntervalSince1970: 1_700_000_000 + Double(minute) * 60),
            actor: AuditActor(user: "bench", source: "/dev/pts/0"), action: .unlock, outcome: .success)
    }
}
