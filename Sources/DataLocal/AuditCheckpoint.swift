import Foundation

/// The audit chain's verified prefix: the count, row and tag of the last entry a check of the
/// chain found intact, sealed in the cache (`audit_checkpoint`, one row) under the data key as
/// the anchor is. Every command checks the trail when it opens the cache; reading all of it
/// took 0.7 s at 20,000 entries and grew with the trail, so the open reads only the entries
/// after the checkpoint (`AuditCheckScope.sinceCheckpoint`) and `emr audit verify` still reads
/// them all.
///
/// The seal is what makes it safe to trust: a checkpoint edited, or copied from another cache,
/// does not open, and is reported as damage (`AuditBreak.checkpointDamaged`); one the chain no
/// longer holds (entries cut back to an older moment, even with that moment's head and anchor
/// put back) is reported as `behindCheckpoint`. A checkpoint deleted, or replaced with an older
/// one of the same cache, hides nothing: the open then reads more of the chain. It is written
/// only once `stride` entries more have been checked, so an open reads at most that many entries
/// plus what was added since, and most opens write nothing. It needs no flush of its own: a
/// checkpoint lost in a power cut is an older one, and it never names an entry that is not on
/// disk (every entry commits durably).
struct AuditCheckpoint: Sendable, Hashable {
    /// Entries in the chain up to and including the checkpointed one.
    var count: Int
    /// The checkpointed entry's row, so the open finds it without counting rows.
    var rowID: Int64
    var tag: Data

    /// The chain before its first entry: where a check starts without a checkpoint.
    static let origin = AuditCheckpoint(count: 0, rowID: 0, tag: Data())

    /// How many entries past the stored checkpoint a check reads before writing a new one.
    static let stride = 100

    private static let context = SealContext(table: "audit_checkpoint", column: "prefix")

    enum State: Equatable {
        case absent, damaged
        case present(AuditCheckpoint)
    }

    static func read(_ connection: SQLiteConnection, sealer: RecordSealer) throws(CacheError) -> State {
        let query = try connection.statement("SELECT prefix FROM audit_checkpoint WHERE row_id = 1")
        try query.bind()
        defer { query.finish() }
        guard try query.step() else { return .absent }
        do {
            return .present(try sealer.openValue(AuditCheckpoint.self, query.blob(0) ?? Data(), context, rowID: 1))
        } catch .tampered {
            return .damaged
        }
    }

    /// Stores this checkpoint unless the stored one is as far along (another emr may have
    /// checked further meanwhile); a damaged one is left as found, for the check to report.
    func write(_ connection: SQLiteConnection, sealer: RecordSealer) throws(CacheError) {
        switch try Self.read(connection, sealer: sealer) {
        case .damaged: return
        case let .present(stored) where stored.count >= count: return
        case .absent, .present: break
        }
        var writer = ByteWriter()
        encode(to: &writer)
        let sealed = try sealer.seal(writer.bytes, Self.context)
        try connection.statement("INSERT INTO audit_checkpoint (row_id, prefix) VALUES (1, ?) ON CONFLICT (row_id) DO UPDATE SET prefix = excluded.prefix")
            .bind(.blob(sealed)).run()
    }
}

extension AuditCheckpoint: RecordFields {
    static var blank: AuditCheckpoint { .origin }

    mutating func fields<Coder: RecordCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.code(&count)
        var row = Int(rowID)
        try coder.code(&row)
        rowID = Int64(row)
        try coder.code(tail: &tag)
    }
}
