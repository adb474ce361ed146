/// The two sealed records that vouch for a place in the audit chain, the anchor beside the key
/// (`AuditAnchor`) and the verified prefix in the cache (`AuditCheckpoint`), checked against the
/// entries a check of the chain (`AuditLog.verify`) passes: each must name an entry the chain
/// holds, at its place and with its tag. A place at or before the entry the check started
/// from is held already: that entry was found in its row with its tag, and the tag, chained
/// over every entry before it, fixes them all.
struct AuditChainPoints {
    private let anchor: AuditAnchor.State
    private let checkpoint: AuditCheckpoint.State
    private var anchorHeld: Bool
    private var checkpointHeld: Bool

    init(anchored: AuditAnchor.State, checkpoint: AuditCheckpoint.State, start: AuditCheckpoint) {
        anchor = anchored
        self.checkpoint = checkpoint
        anchorHeld = if case let .present(head) = anchored { head.count <= start.count } else { false }
        checkpointHeld = if case let .present(stored) = checkpoint { stored.count <= start.count } else { false }
    }

    /// How far the chain was verified before, by the stored checkpoint; 0 without one.
    var checkpointed: Int {
        if case let .present(stored) = checkpoint { stored.count } else { 0 }
    }

    /// Notes the entry the check has just found intact.
    mutating func pass(_ entry: AuditCheckpoint) {
        if case let .present(head) = anchor, head.count == entry.count { anchorHeld = head.tag == entry.tag }
        if case let .present(stored) = checkpoint, stored.count == entry.count {
            checkpointHeld = stored.tag == entry.tag && stored.rowID == entry.rowID
        }
    }

    /// Why the chain the check read is not the one the anchor and checkpoint vouch for, nil when
    /// it is. Every cache has its anchor from its first open (`IntegrityBaseline`), so none at
    /// all was removed; a checkpoint may be absent (it only saves reading).
    func disagreement() -> AuditBreak? {
        switch anchor {
        case .absent: return .anchorMissing
        case .damaged: return .anchorDamaged
        case let .present(head) where !anchorHeld: return .behindAnchor(recorded: head.count)
        case .present: break
        }
        switch checkpoint {
        case .damaged: return .checkpointDamaged
        case let .present(stored) where !checkpointHeld: return .behindCheckpoint(recorded: stored.count)
        case .absent, .present: return nil
        }
    }
}
