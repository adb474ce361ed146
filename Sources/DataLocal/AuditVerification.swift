/// What `AuditLog.verify()` found: the chain intact, or the first entry where it breaks.
public enum AuditVerification: Hashable, Sendable {
    case intact(count: Int)
    /// `entry` is the 1-based position in the log where the chain stops being trustworthy.
    case broken(entry: Int, reason: AuditBreak)
}

/// Why the chain breaks at an entry, in words for `emr audit verify`.
public enum AuditBreak: Hashable, Sendable, CustomStringConvertible {
    /// The sealed entry does not open: its bytes were edited, or it was moved from another row.
    case altered
    /// The entry found here belongs elsewhere in the chain: entries before it were removed,
    /// or entries were reordered.
    case outOfSequence(found: Int)
    /// The entry opens but its tag does not chain to the entry before it.
    case chainMismatch
    /// The log ends before this entry although the head says it was written.
    case missing
    /// The sealed head was altered or removed while entries remain.
    case headDamaged
    /// The chain does not reach the entry anchored beside the key (`AuditAnchor`): the
    /// database was emptied, deleted or replaced with an older copy. `recorded`: the anchored count.
    case behindAnchor(recorded: Int)
    /// The anchor beside the key does not open: it was altered or comes from another cache.
    case anchorDamaged
    /// The anchor beside the key is gone: every cache has one from its first open on
    /// (`IntegrityBaseline`), so it was removed, perhaps to pass an older database off as current.
    case anchorMissing
    /// The sealed checkpoint of the verified prefix (`AuditCheckpoint`) does not open: it was
    /// altered or comes from another cache.
    case checkpointDamaged
    /// The chain does not hold the entry its checkpoint names: entries were cut back to an
    /// older moment. `recorded`: the checkpointed count.
    case behindCheckpoint(recorded: Int)

    public var description: String {
        switch self {
        case .altered: "it was altered or moved (its seal does not verify)"
        case let .outOfSequence(found): "entries were removed or reordered (found entry \(found) in its place)"
        case .chainMismatch: "it does not chain to the entry before it (an entry was removed, inserted or replaced)"
        case .missing: "it is missing: the log ends early (the newest entries were removed)"
        case .headDamaged: "the log's sealed end marker was altered or removed"
        case let .behindAnchor(recorded):
            "\(recorded) entries were recorded but the cache does not hold them: the database was emptied, deleted or replaced with an older copy"
        case .anchorDamaged: "the sealed record of its length kept beside the key (audit.anchor) was altered or comes from another cache"
        case .anchorMissing: "the sealed record of its length kept beside the key (audit.anchor) was removed"
        case .checkpointDamaged: "the sealed record of the part already verified (audit_checkpoint in cache.sqlite) was altered or comes from another cache"
        case let .behindCheckpoint(recorded):
            "\(recorded) entries were verified before but the cache does not hold them: entries were removed or replaced with an older copy"
        }
    }
}

/// How much of the chain a check reads.
public enum AuditCheckScope: Sendable {
    /// Every entry from the first: `emr audit verify`, whose job that is.
    case wholeChain
    /// The entries after the sealed checkpoint of the verified prefix (`AuditCheckpoint`):
    /// the check every command and the workstation run at open.
    case sinceCheckpoint
}
