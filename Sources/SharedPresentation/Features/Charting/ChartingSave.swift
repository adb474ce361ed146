import CoreDomain

/// What a charting form stores when confirmed, as a value (as The Composable Architecture's
/// effects are): the effect runner writes it to the outbox through `ChartingOutbox`, which
/// stores its audit entries in the same transaction, the same way for every form. A form's
/// save is its own type beside the form; the runner never names one.
public protocol ChartingWrite: Equatable, Sendable {
    /// Whom it is stored for (the chart reloads, and the list row follows).
    var patientID: String { get }
    /// Its audit entry, stored with it (a failed attempt is recorded as a failure).
    var audit: AuditAction { get }
    /// Further audit entries stored with it, before `audit` (each warning a nurse went past).
    var alsoAudited: [AuditAction] { get }
    /// The debug log's event name for a failed attempt (no PHI).
    var failureLog: StaticString { get }
    /// Stores it, with one write to `outbox`; returns only once the outbox has it, durable.
    func write(to outbox: ChartingOutbox) async throws
    /// What the form asks the nurse again when `write` threw `error` having stored nothing (a
    /// dose the cache shows given meanwhile); nil when `error` is a failed save.
    func question(for error: any Error) -> ChartingQuestion?
}

extension ChartingWrite {
    public var alsoAudited: [AuditAction] { [] }
    public var failureLog: StaticString { "charting.failed" }
    public func question(for error: any Error) -> ChartingQuestion? { nil }

    /// The effect that stores it.
    public var effect: ChartingEffect { .save(ChartingSave(self)) }
}

/// One form's save, whatever its type, as a `WorkstationEffect`'s value (tests compare them).
public struct ChartingSave: Equatable, Sendable {
    public let write: any ChartingWrite

    public init(_ write: some ChartingWrite) {
        self.write = write
    }

    public var patientID: String { write.patientID }

    public static func == (lhs: ChartingSave, rhs: ChartingSave) -> Bool { lhs.write.isEqual(to: rhs.write) }
}

extension ChartingWrite {
    fileprivate func isEqual(to other: any ChartingWrite) -> Bool { (other as? Self) == self }
}

/// What a save writes through: the outbox for vital signs, for doses and for notes (nil in a
/// session that records no doses or notes), and the chart the use cases check against.
public struct ChartingOutbox: Sendable {
    public let vitals: any VitalsCharting
    public let doses: (any DoseCharting)?
    public let notes: (any NoteCharting)?
    public let chart: any ChartRepository

    /// This outbox with each write recording `actions` in the transaction that stores it.
    func auditing(_ actions: [AuditAction]) -> ChartingOutbox {
        ChartingOutbox(vitals: vitals.auditing(actions), doses: doses?.auditing(actions), notes: notes?.auditing(actions), chart: chart)
    }
}

/// What storing a form's save found and hands back to the form to ask about again, whatever
/// its type (a dose given meanwhile), as a `WorkstationAction`'s value: the workstation passes
/// it on without knowing it.
public struct ChartingQuestion: Equatable, Sendable {
    public let value: any Equatable & Sendable

    public init(_ value: some Equatable & Sendable) {
        self.value = value
    }

    public static func == (lhs: ChartingQuestion, rhs: ChartingQuestion) -> Bool { lhs.value.isEqual(to: rhs.value) }
}

extension Equatable {
    fileprivate func isEqual(to other: any Equatable & Sendable) -> Bool { (other as? Self) == self }
}
