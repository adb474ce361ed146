import CoreDomain
import Synchronization

/// The keypress metric times update + render, not the effects that follow a key (chart loads
/// and their audit entries are metric 4), so the bench's runner records into memory.
final class CountingAuditTrail: AuditTrail {
    private let count = Mutex(0)

    func record(_ action: AuditAction, patientID: String?, outcome: AuditOutcome) throws {
        count.withLock { $0 += 1 }
    }
}
