import CoreDomain
import Foundation
import Testing

/// What a recorded dose or infusion action is audited as, and the record each action makes.
@Suite struct DoseRecordTests {
    static func record(_ status: MedicationAdministration.Status, _ action: InfusionAction? = nil) -> DoseRecord {
        DoseRecord(status: status, patientID: "p1", requestID: "r1", medication: CodedConcept(text: "Heparin"),
                   effective: Date(timeIntervalSince1970: 0), infusionAction: action)
    }

    @Test func aDoseIsAuditedByItsStatus() {
        #expect(Self.record(.completed).auditKind == .given)
        #expect(Self.record(.onHold).auditKind == .held)
        #expect(Self.record(.notDone).auditKind == .notGiven)
    }

    /// Stopping an infusion is a `completed` record, never audited as a dose given.
    @Test func anInfusionsActionIsAuditedAsThatAction() {
        let kinds = InfusionAction.allCases.map { Self.record($0.status, $0).auditKind }
        #expect(kinds == [.infusionStarted, .rateChanged, .infusionPaused, .infusionResumed, .infusionStopped])
        #expect(InfusionAction.allCases.map(\.status) == [.inProgress, .inProgress, .onHold, .inProgress, .completed])
        #expect(InfusionAction.allCases.filter(\.setsRate) == [.start, .rateChange, .resume])
    }
}
