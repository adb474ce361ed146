import CoreDomain
import Foundation

/// A `VitalsCharting` that keeps what it is given, for checking what the use cases hand over.
actor RecordingCharting: VitalsCharting {
    struct Correction: Equatable {
        var observationIDs: [String]
        var patientID: String
        var reason: String
    }

    private(set) var entries: [VitalsEntry] = []
    private(set) var corrections: [Correction] = []

    func record(_ entry: VitalsEntry) async throws -> [String] {
        entries.append(entry)
        return ["obs-\(entries.count)"]
    }

    func markEnteredInError(observationIDs: [String], patientID: String, reason: String) async throws {
        corrections.append(Correction(observationIDs: observationIDs, patientID: patientID, reason: reason))
    }

    private(set) var targets: [SpO2TargetEntry] = []

    func recordSpO2Target(_ target: SpO2TargetEntry) async throws -> String {
        targets.append(target)
        return "target-\(targets.count)"
    }

    func outboxStatus() async throws -> OutboxStatus {
        OutboxStatus(pending: entries.count + corrections.count)
    }

    /// The use cases never audit: what they hand over is all this keeps.
    nonisolated func auditing(_ actions: [AuditAction]) -> any VitalsCharting { self }
}
