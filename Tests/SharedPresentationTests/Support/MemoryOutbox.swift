import CoreDomain
import Foundation

/// An outbox in memory that can be told to refuse, and keeps the audit actions each write was
/// stored with (the cache stores them in the write's transaction).
actor MemoryOutbox: VitalsCharting {
    struct Full: Error, LocalizedError {
        var errorDescription: String? { "the cache is full: free disk space, then save again" }
    }

    private(set) var entries: [VitalsEntry] = []
    private(set) var corrected: [[String]] = []
    private(set) var targets: [SpO2TargetEntry] = []
    /// Per write, in order: what it was audited as.
    private(set) var audited: [[AuditAction]] = []
    let refuses: Bool

    init(refuses: Bool = false) { self.refuses = refuses }

    func record(_ entry: VitalsEntry) async throws -> [String] {
        try record(entry, audited: [])
    }

    func markEnteredInError(observationIDs: [String], patientID: String, reason: String) async throws {
        try markEnteredInError(observationIDs: observationIDs, audited: [])
    }

    func recordSpO2Target(_ target: SpO2TargetEntry) async throws -> String {
        try recordSpO2Target(target, audited: [])
    }

    func outboxStatus() async throws -> OutboxStatus {
        if refuses { throw Full() }
        return OutboxStatus(pending: entries.count + corrected.count + targets.count)
    }

    nonisolated func auditing(_ actions: [AuditAction]) -> any VitalsCharting { Audited(outbox: self, actions: actions) }

    fileprivate func record(_ entry: VitalsEntry, audited actions: [AuditAction]) throws -> [String] {
        if refuses { throw Full() }
        entries.append(entry)
        audited.append(actions)
        return ["o\(entries.count)"]
    }

    fileprivate func markEnteredInError(observationIDs: [String], audited actions: [AuditAction]) throws {
        if refuses { throw Full() }
        corrected.append(observationIDs)
        audited.append(actions)
    }

    fileprivate func recordSpO2Target(_ target: SpO2TargetEntry, audited actions: [AuditAction]) throws -> String {
        if refuses { throw Full() }
        targets.append(target)
        audited.append(actions)
        return "t\(targets.count)"
    }

    /// The outbox as `auditing` hands it out: each write stored with `actions`.
    private struct Audited: VitalsCharting {
        let outbox: MemoryOutbox
        let actions: [AuditAction]

        func record(_ entry: VitalsEntry) async throws -> [String] { try await outbox.record(entry, audited: actions) }
        func markEnteredInError(observationIDs: [String], patientID: String, reason: String) async throws {
            try await outbox.markEnteredInError(observationIDs: observationIDs, audited: actions)
        }
        func recordSpO2Target(_ target: SpO2TargetEntry) async throws -> String { try await outbox.recordSpO2Target(target, audited: actions) }
        func outboxStatus() async throws -> OutboxStatus { try await outbox.outboxStatus() }
        func auditing(_ actions: [AuditAction]) -> any VitalsCharting { Audited(outbox: outbox, actions: actions) }
    }
}
