import CoreDomain
import Foundation

/// Wrong passphrases typed at the command line. They cannot go into the sealed audit trail
/// without the key, so they are counted in `EMR_HOME/unlock-failures` (0600, a number and
/// nothing else) and recorded as one `unlock-failed` entry at the next successful unlock.
public struct UnlockFailures: Sendable {
    public let path: String

    public init(directory: String) {
        path = directory + "/unlock-failures"
    }

    public var count: Int {
        FileManager.default.contents(atPath: path).flatMap { Int(String(decoding: $0, as: UTF8.self)) } ?? 0
    }

    /// Best effort: a folder that cannot be written to must not turn a wrong passphrase into
    /// a different error.
    public func increment() {
        _ = FileManager.default.createFile(atPath: path, contents: Data(String(count + 1).utf8), attributes: [.posixPermissions: 0o600])
    }

    /// A successful unlock: the failures counted since the last one as one entry, then this
    /// unlock, then the count starts again. A trail that refuses an entry keeps the count, so
    /// the failures are not lost.
    public func recordUnlock(in trail: CacheAuditTrail) throws(CacheError) {
        let missed = count
        if missed > 0 { try trail.record(.unlockFailed(attempts: missed), patientID: nil, outcome: .failure) }
        try trail.record(.unlock, patientID: nil, outcome: .success)
        try? FileManager.default.removeItem(atPath: path)
    }
}
