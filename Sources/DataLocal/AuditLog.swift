import CoreDomain
import Foundation

/// The audit trail in the cache: append-only, each entry sealed like every other record and
/// chained. An entry's `chain_tag` is HMAC-SHA256, under a subkey of the data key, over its
/// plaintext (which includes its position) followed by the previous entry's tag, and a sealed
/// head holds the count and the last tag. Editing, removing, inserting or reordering entries
/// therefore breaks the chain at the first entry affected, and removing the newest ones
/// disagrees with the head. The database emptied, deleted or rolled back to an older copy is
/// found by the anchor kept outside it (`AuditAnchor`), up to its last commit.
public struct AuditLog: Sendable {
    private let cache: EncryptedCache

    public init(cache: EncryptedCache) {
        self.cache = cache
    }

    private static let headContext = SealContext(table: "audit_head", column: "head")

    /// How often a check says how far it got: about 30 ms of checking in a debug build.
    public static let progressStride = 1_000

    /// Sealed against its row id, like the outbox: a blob copied to another row fails to open.
    private func entryContext(_ rowID: Int64) -> SealContext {
        withUnsafeBytes(of: rowID.bigEndian) { SealContext(table: "audit_log", column: "entry", key: Data($0)) }
    }

    /// Adds `event` at the end of the chain. Refuses a trail known to be broken, or whose head
    /// is damaged (the new entry could not be chained to anything trustworthy).
    public func append(_ event: AuditEvent) throws(CacheError) {
        try append([event])
    }

    /// Adds `events` in order in one transaction, all or none, and the anchor once after it:
    /// each commit and each anchor is written through to the disk.
    public func append(_ events: [AuditEvent]) throws(CacheError) {
        try cache.database.write(durably: true) { (connection) throws(CacheError) in try append(events, on: connection) }
    }

    private var anchor: AuditAnchor { AuditAnchor(path: cache.database.location.auditAnchorPath, sealer: cache.sealer) }

    /// Adds `event` inside a durable transaction already open on `connection`
    /// (`CacheDatabase.write(durably:)`): the entry commits with the data it describes, or
    /// neither does.
    func append(_ event: AuditEvent, on connection: SQLiteConnection) throws(CacheError) {
        try append([event], on: connection)
    }

    /// Adds `events` in order inside a durable transaction already open on `connection`.
    /// Refuses a chain behind its anchor (nothing is added to a trail that lost entries),
    /// checked once for them all: the anchor on disk names the chain before this transaction,
    /// and past the first entry finding its place took a scan of the trail per entry. Asks for
    /// the anchor to follow the commit.
    func append(_ events: [AuditEvent], on connection: SQLiteConnection) throws(CacheError) {
        if let known = cache.auditBreak { throw known }
        var head: AuditHead
        switch try readHead(connection) {
        case .absent: head = .empty
        case let .present(found): head = found
        case .damaged:
            let broken = CacheError.auditBroken(entry: max(Int(try connection.integer("SELECT count(*) FROM audit_log")), 1), reason: .headDamaged)
            cache.noteAuditBreak(broken)
            throw broken
        }
        // The write lock is held: the anchor can name no commit this transaction does not see.
        if let reason = try anchorDisagreement(try anchor.read(), head: head, connection) {
            cache.noteAuditBreak(.auditBroken(entry: head.count + 1, reason: reason))
            throw .auditBroken(entry: head.count + 1, reason: reason)
        }
        for event in events {
            var writer = ByteWriter()
            AuditEntry(sequence: head.count + 1, event: event).encode(to: &writer)
            let content = Data(writer.bytes)
            let tag = cache.sealer.auditChain.tag(content + head.tag)
            try connection.statement("INSERT INTO audit_log (entry, chain_tag) VALUES (x'', ?)").bind(.blob(tag)).run()
            let rowID = connection.lastInsertRowID
            let sealed = try cache.sealer.seal(content, entryContext(rowID))
            try connection.statement("UPDATE audit_log SET entry = ? WHERE row_id = ?").bind(.blob(sealed), .integer(rowID)).run()
            head = AuditHead(count: head.count + 1, tag: tag)
        }
        var headWriter = ByteWriter()
        head.encode(to: &headWriter)
        let sealedHead = try cache.sealer.seal(headWriter.bytes, Self.headContext)
        try connection.statement("INSERT INTO audit_head (row_id, head) VALUES (1, ?) ON CONFLICT (row_id) DO UPDATE SET head = excluded.head")
            .bind(.blob(sealedHead)).run()
        try cache.database.anchorAfterCommit(try anchor.sealed(head), on: connection)
    }

    /// Why the chain ending at `head` is not the one the anchor vouches for, nil when it is: it
    /// must hold the anchored entry, at its place, with its tag. Every cache has its anchor from
    /// its first open (`IntegrityBaseline`), so none at all was removed.
    private func anchorDisagreement(
        _ anchored: AuditAnchor.State, head: AuditHead, _ connection: SQLiteConnection
    ) throws(CacheError) -> AuditBreak? {
        switch anchored {
        case .absent: return .anchorMissing
        case .damaged: return .anchorDamaged
        case let .present(anchored):
            guard anchored.count > 0 else { return nil }
            guard anchored.count <= head.count else { return .behindAnchor(recorded: anchored.count) }
            // The usual case, one emr writing: the anchor names the head, and no row is read.
            if anchored.count == head.count { return anchored.tag == head.tag ? nil : .behindAnchor(recorded: anchored.count) }
            let query = try connection.statement("SELECT chain_tag FROM audit_log ORDER BY row_id LIMIT 1 OFFSET ?")
            try query.bind(.integer(Int64(anchored.count - 1)))
            defer { query.finish() }
            guard try query.step(), query.blob(0) == anchored.tag else { return .behindAnchor(recorded: anchored.count) }
            return nil
        }
    }

    /// Writes the anchor of the chain as it stands, when there is none: only while the cache's
    /// baseline is laid (`IntegrityBaseline`: a new cache, or one made before the anchor), since
    /// afterwards a missing anchor was removed. The chain's every commit is on disk already
    /// (each was durable), so this anchor cannot lead it.
    func layAnchor() throws(CacheError) {
        guard try anchor.read() == .absent else { return }
        let head = try cache.database.withConnection { (connection) throws(CacheError) -> AuditHead? in
            if case let .present(head) = try readHead(connection) { return head }
            return try connection.integer("SELECT count(*) FROM audit_log") == 0 ? .empty : nil
        }
        // A damaged head is left for `verify` to report; an anchor must not vouch for it.
        guard let head else { return }
        try AuditAnchor.write(try anchor.sealed(head), to: cache.database.location.auditAnchorPath)
    }

    /// Checks the chain, oldest first, and reports the first entry that breaks it: all of it
    /// (`emr audit verify`), or only the entries after its sealed checkpoint (every open; see
    /// `AuditCheckpoint`). A break found is kept: the trail takes no more entries (`append`). An
    /// intact chain checked `AuditCheckpoint.stride` entries past its checkpoint moves the
    /// checkpoint to its end.
    ///
    /// `progress` hears every `progressStride` entries how many were checked, of how many
    /// the head says there are.
    public func verify(
        _ scope: AuditCheckScope = .wholeChain, progress: (_ checked: Int, _ total: Int?) -> Void = { _, _ in }
    ) throws(CacheError) -> AuditVerification {
        let (result, end) = try walk(scope, progress: progress)
        switch result {
        case let .broken(entry, reason):
            cache.noteAuditBreak(.auditBroken(entry: entry, reason: reason))
        case .intact:
            if let end {
                try cache.database.write { (connection) throws(CacheError) in try end.write(connection, sealer: cache.sealer) }
            }
        }
        return result
    }

    /// The chain, its head, anchor and checkpoint as of one moment, and the checkpoint to
    /// write when the chain is intact and was read far enough past the stored one. The anchor is
    /// read first and the rows in one read transaction after it: another emr's commit landing
    /// meanwhile is then in the rows or in neither, never in the anchor or head alone, which
    /// would look like tampering.
    private func walk(
        _ scope: AuditCheckScope, progress: (Int, Int?) -> Void
    ) throws(CacheError) -> (AuditVerification, AuditCheckpoint?) {
        let anchored = try anchor.read()
        return try cache.database.withConnection { (connection) throws(CacheError) -> (AuditVerification, AuditCheckpoint?) in
            try connection.execute("BEGIN DEFERRED")
            defer { try? connection.execute("COMMIT") }
            let checkpoint = try AuditCheckpoint.read(connection, sealer: cache.sealer)
            var start = AuditCheckpoint.origin
            // A checkpoint the chain does not hold trusts nothing: the whole chain is read,
            // which says what is wrong in the same words as `emr audit verify`.
            if scope == .sinceCheckpoint, case let .present(stored) = checkpoint, try holds(stored, connection) { start = stored }
            var points = AuditChainPoints(anchored: anchored, checkpoint: checkpoint, start: start)
            var end = start
            let total: Int? = if case let .present(head) = try readHead(connection) { head.count } else { nil }
            let query = try connection.statement("SELECT row_id, entry, chain_tag FROM audit_log WHERE row_id > ? ORDER BY row_id")
            try query.bind(.integer(start.rowID))
            defer { query.finish() }
            while try query.step() {
                let position = end.count + 1
                let rowID = query.int64(0)
                guard let (entry, content) = try open(rowID: rowID, sealed: query.blob(1) ?? Data()) else {
                    return (.broken(entry: position, reason: .altered), nil)
                }
                guard entry.sequence == position else { return (.broken(entry: position, reason: .outOfSequence(found: entry.sequence)), nil) }
                let tag = query.blob(2) ?? Data()
                guard cache.sealer.auditChain.verify(content + end.tag, tag: tag) else {
                    return (.broken(entry: position, reason: .chainMismatch), nil)
                }
                end = AuditCheckpoint(count: position, rowID: rowID, tag: tag)
                points.pass(end)
                if position % Self.progressStride == 0 { progress(position, total) }
            }
            let position = end.count
            switch try readHead(connection) {
            case .absent:
                guard position == 0 else { return (.broken(entry: position, reason: .headDamaged), nil) }
            case .damaged:
                return (.broken(entry: max(position, 1), reason: .headDamaged), nil)
            case let .present(head):
                if head.count > position { return (.broken(entry: position + 1, reason: .missing), nil) }
                guard head.count == position, head.tag == end.tag else { return (.broken(entry: position, reason: .headDamaged), nil) }
            }
            if let reason = points.disagreement() { return (.broken(entry: position + 1, reason: reason), nil) }
            return (.intact(count: position), position >= points.checkpointed + AuditCheckpoint.stride ? end : nil)
        }
    }

    /// Whether the chain holds `checkpoint`'s entry: in its row, at its place, with its tag.
    private func holds(_ checkpoint: AuditCheckpoint, _ connection: SQLiteConnection) throws(CacheError) -> Bool {
        let query = try connection.statement("SELECT entry, chain_tag FROM audit_log WHERE row_id = ?")
        try query.bind(.integer(checkpoint.rowID))
        defer { query.finish() }
        guard try query.step(), query.blob(1) == checkpoint.tag,
              let (entry, _) = try open(rowID: checkpoint.rowID, sealed: query.blob(0) ?? Data()) else { return false }
        return entry.sequence == checkpoint.count
    }

    /// The entries matching `filter`, oldest first. An entry that does not open is an error
    /// naming its place, not skipped: a trail with silent holes would mislead.
    public func entries(_ filter: AuditFilter = AuditFilter()) throws(CacheError) -> [AuditEntry] {
        try cache.database.withConnection { (connection) throws(CacheError) -> [AuditEntry] in
            let query = try connection.statement("SELECT row_id, entry FROM audit_log ORDER BY row_id")
            try query.bind()
            var entries: [AuditEntry] = []
            var position = 0
            while try query.step() {
                let rowID = query.int64(0)
                position += 1
                guard let (entry, _) = try open(rowID: rowID, sealed: query.blob(1) ?? Data()) else {
                    query.finish()
                    throw .auditBroken(entry: position, reason: .altered)
                }
                if filter.matches(entry.event) { entries.append(entry) }
            }
            return entries
        }
    }

    /// Up to `limit` entries after the first `position`, in chain order, with their chain
    /// tags: what an upload still has to send. An entry that does not open is an error.
    public func chained(after position: Int, limit: Int) throws(CacheError) -> [ChainedAuditEntry] {
        try cache.database.withConnection { (connection) throws(CacheError) -> [ChainedAuditEntry] in
            let query = try connection.statement("SELECT row_id, entry, chain_tag FROM audit_log ORDER BY row_id LIMIT ? OFFSET ?")
            try query.bind(.integer(Int64(limit)), .integer(Int64(position)))
            defer { query.finish() }
            var entries: [ChainedAuditEntry] = []
            while try query.step() {
                let rowID = query.int64(0)
                guard let (entry, _) = try open(rowID: rowID, sealed: query.blob(1) ?? Data()),
                      entry.sequence == position + entries.count + 1 else { throw .tampered(table: "audit_log", rowID: rowID) }
                entries.append(ChainedAuditEntry(entry: entry, tag: query.blob(2) ?? Data()))
            }
            return entries
        }
    }

    /// The entry and its plaintext, or nil when it fails to open or decode.
    private func open(rowID: Int64, sealed: Data) throws(CacheError) -> (AuditEntry, Data)? {
        let content: Data
        do {
            content = try cache.sealer.open(sealed, entryContext(rowID), rowID: rowID)
        } catch .tampered {
            return nil
        }
        var reader = ByteReader(content)
        guard let entry = try? AuditEntry(from: &reader) else { return nil }
        return (entry, content)
    }

    private enum HeadState {
        case absent, damaged
        case present(AuditHead)
    }

    private func readHead(_ connection: SQLiteConnection) throws(CacheError) -> HeadState {
        let query = try connection.statement("SELECT head FROM audit_head WHERE row_id = 1")
        try query.bind()
        defer { query.finish() }
        guard try query.step() else { return .absent }
        do {
            return .present(try cache.sealer.openValue(AuditHead.self, query.blob(0) ?? Data(), Self.headContext, rowID: 1))
        } catch .tampered {
            return .damaged
        }
    }
}
