import CoreDomain
import Foundation

/// An audit entry as stored: its place in the chain (shown as its number) plus the event.
/// The position is inside the sealed bytes, so an entry moved, removed or replayed says
/// where it really belongs.
public struct AuditEntry: Sendable, Hashable {
    /// 1 for the first entry, counting up with no gaps.
    public var sequence: Int
    public var event: AuditEvent
}

extension AuditEntry: BinaryRecord {
    func encode(to writer: inout ByteWriter) {
        writer.write(sequence)
        writer.write(event.time)
        writer.write(event.actor.user)
        writer.write(event.actor.clientID)
        writer.write(event.actor.source)
        writer.write(event.action.code)
        writer.write(event.action.detail)
        writer.write(event.patientID)
        writer.write(raw: event.outcome)
    }

    init(from reader: inout ByteReader) throws(BinaryRecordError) {
        sequence = try reader.int()
        let time = try reader.date()
        let actor = AuditActor(user: try reader.string(), clientID: try reader.optional(String.self), source: try reader.string())
        let code = try reader.string(), detail = try reader.string()
        guard let action = AuditAction(code: code, detail: detail) else { throw BinaryRecordError(what: "audit action") }
        event = AuditEvent(time: time, actor: actor, action: action, patientID: try reader.optional(String.self),
                           outcome: try reader.raw(AuditOutcome.self))
        guard reader.isAtEnd else { throw BinaryRecordError(what: "audit entry") }
    }
}

/// The sealed end of the chain: how many entries there are and the last one's tag. Without
/// it, removing the newest entries would leave a shorter chain that still verifies.
struct AuditHead: Sendable, Hashable {
    var count: Int
    var tag: Data

    static let empty = AuditHead(count: 0, tag: Data())
}

extension AuditHead: BinaryRecord {
    func encode(to writer: inout ByteWriter) {
        writer.write(count)
        writer.append(tail: tag)
    }

    init(from reader: inout ByteReader) throws(BinaryRecordError) {
        count = try reader.int()
        tag = reader.tail()
    }
}

/// An entry with its chain tag. The tag is fixed once the entry is written and differs for
/// every entry, so it names the entry stably wherever the entry is sent.
public struct ChainedAuditEntry: Sendable, Hashable {
    public var entry: AuditEntry
    public var tag: Data

    /// The entry's id outside the cache: the first 16 bytes of its tag in hex. A resend after
    /// a crash uses the same id, so the server replaces its copy instead of adding one.
    public var resourceID: String {
        tag.prefix(16).map { String(format: "%02x", $0) }.joined()
    }
}
