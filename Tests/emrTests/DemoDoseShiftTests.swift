import CoreDomain
import Foundation
import Synchronization
import Testing
@testable import emr

/// Doses recorded into the demo cache are written in the fixtures' frame: every time they carry
/// moves back by the shift, so each reads back where the nurse gave it.
@Suite struct DemoDoseShiftTests {
    private final class Captured: DoseCharting, Sendable {
        let doses = Mutex<[DoseRecord]>([])
        func record(_ dose: DoseRecord) async throws -> String {
            doses.withLock { $0.append(dose) }
            return "id"
        }
        func recordEffect(_ entry: PRNEffectEntry) async throws -> String { "effect" }
        func markEnteredInError(administrationID: String, patientID: String, reason: String) async throws {}
        func auditing(_ actions: [AuditAction]) -> any DoseCharting { self }
    }

    /// The 09:00 dose given late: the time it names moves with the time it was given, so the
    /// MAR still finds it on 09:00 once the cache moves both forward again.
    @Test func aRecordsScheduledDoseMovesWithItsTime() async throws {
        let captured = Captured()
        let shift = DemoDateShift(interval: 86_400)
        let given = Date(timeIntervalSince1970: 1_800_000_000), nine = given.addingTimeInterval(-461 * 60)
        _ = try await shift.doses(captured).record(DoseRecord(
            status: .completed, patientID: "p1", requestID: "r1", medication: CodedConcept(text: "Insulin"), effective: given,
            scheduledTime: nine))
        let written = try #require(captured.doses.withLock { $0.first })
        #expect(written.effective == given.addingTimeInterval(-86_400))
        #expect(written.scheduledTime == nine.addingTimeInterval(-86_400))
    }
}
