import CoreDomain
import CoreUseCases
import Foundation

/// Carries out the lock screen's effects: every lock and unlock attempt is recorded in the
/// audit trail; a wrong passphrase is answered only after the back-off delay, so guessing is
/// slow, and a right one that cannot be recorded stays locked.
struct LockEffects: Sendable {
    let verify: @Sendable (String) async -> (succeeded: Bool, message: String?)
    let audit: any AuditTrail
    /// What the back-off waits on: a test's manual clock waits for no one.
    let clock: any Clock<Duration>
    private let backoff = UnlockBackoff()

    init(verify: @escaping @Sendable (String) async -> (succeeded: Bool, message: String?), audit: any AuditTrail, clock: any Clock<Duration>) {
        self.verify = verify
        self.audit = audit
        self.clock = clock
    }

    func run(_ effect: LockEffect) async -> LockAction? {
        switch effect {
        case let .verify(typed):
            return await check(typed)
        case .locked:
            // The screen is locked already and shows nothing, so a failure here withholds no data.
            try? audit.record(.lock, patientID: nil, outcome: .success)
            return nil
        }
    }

    private func check(_ typed: String) async -> LockAction {
        let result = await verify(typed)
        if result.succeeded {
            await backoff.succeeded()
            do {
                try audit.record(.unlock, patientID: nil, outcome: .success)
            } catch {
                return .unlockResult(succeeded: false, message: "could not record the unlock: \(UserMessage.describe(error))")
            }
            return .unlockResult(succeeded: true, message: result.message)
        }
        let wait = await backoff.failed()
        try? audit.record(.unlockFailed(attempts: 1), patientID: nil, outcome: .failure)
        try? await clock.sleep(for: wait)
        return .unlockResult(succeeded: false, message: result.message)
    }
}
