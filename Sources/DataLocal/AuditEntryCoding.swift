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

extension AuditEntry: RecordFields {
    static var blank: AuditEntry {
        AuditEntry(sequence: 0, event: AuditEvent(time: .blank, actor: AuditActor(user: "", source: ""), action: .lock, outcome: .failure))
    }

    /// The action is stored as its code and detail, and must name an action when read.
    mutating func fields<Coder: RecordCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.code(&sequence)
        try coder.code(&event.time)
        try coder.code(&event.actor.user)
        try coder.code(&event.actor.clientID)
        try coder.code(&event.actor.source)
        var code = event.action.code, detail = event.action.detail
        try coder.code(&code)
        try coder.code(&detail)
        let action = AuditAction(code: code, detail: detail)
        try coder.check(action != nil, "audit action")
        event.action = action ?? event.action
        try coder.code(&event.patientID)
        try coder.code(raw: &event.outcome)
        try coder.trailing(&event.actor.fhirUser)
        try coder.check(!coder.hasMore, "audit entry")
    }
}

/// The sealed end of the chain: how many entries there are and the last one's tag. Without
/// it, removing the newest entries would leave a shorter chain that still verifies.
struct AuditHead: Sendable, Hashable {
    var count: Int
    var tag: Data

    static let empty = AuditHead(count: 0, tag: Data())
}

extension AuditHead: RecordFields {
    static var blank: AuditHead { .empty }

    mutating func fields<Coder: RecordCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.code(&count)
        try coder.code(tail: &tag)
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
