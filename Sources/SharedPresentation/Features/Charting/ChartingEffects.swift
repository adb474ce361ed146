import CoreDomain
import CoreUseCases

/// Carries out the charting effects: the outbox stores each save and
/// its audit entries in one transaction (`ChartingOutbox.auditing`), so "saved" always has its
/// entries and a save the trail refuses is not stored at all: the nurse is told "not saved",
/// and the form keeps what was typed. A failed attempt is recorded as a failure.
struct ChartingEffects: Sendable {
    let outbox: ChartingOutbox
    let directory: any PatientDirectory
    let audit: any AuditTrail

    /// Stores `save` with its audit entries (the warnings a nurse went past, then the save
    /// itself); a failure is recorded as a failure, and logged by the write's event name
    /// without PHI. What the form asks about again (a dose given meanwhile) is neither stored
    /// nor a failure: the form has it back.
    func run(_ effect: ChartingEffect) async -> ChartingAction {
        switch effect {
        case let .save(save): await self.save(save)
        }
    }

    private func save(_ save: ChartingSave) async -> ChartingAction {
        let write = save.write
        do {
            try await write.write(to: outbox.auditing(write.alsoAudited + [write.audit]))
        } catch {
            if let question = write.question(for: error) { return .saveQuestioned(question) }
            Log.debug(write.failureLog, .error(error))
            try? audit.record(write.audit, patientID: write.patientID, outcome: .failure)
            return .saveFailed(UserMessage.describe(error))
        }
        // The list row's markers (an abnormal value just charted) follow at once. It is stored
        // already: a row that cannot be read again now is read at the next sync or start.
        do { try await directory.refresh(patientID: write.patientID) } catch { Log.debug("list.refresh.failed", .error(error)) }
        return .saved(outbox: try? await outbox.vitals.outboxStatus())
    }

    func outboxStatus() async -> OutboxAction {
        do {
            return .changed(try await outbox.vitals.outboxStatus())
        } catch {
            Log.debug("outbox.status.failed", .error(error))
            return .unreadable(UserMessage.describe(error))
        }
    }
}
