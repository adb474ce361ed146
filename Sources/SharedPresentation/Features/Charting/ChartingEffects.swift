import CoreDomain
import CoreUseCases

/// Carries out the charting effects for `UseCaseEffectRunner`: the outbox stores, then the
/// audit trail records. The order matters: once the outbox has an entry it is durable and
/// will be sent, so an audit trail that then refuses cannot un-chart it; the nurse is told
/// "saved" with the audit problem, never "not saved" (which would invite a duplicate entry).
/// A failed attempt is recorded as a failure.
struct ChartingEffects: Sendable {
    let outbox: ChartingOutbox
    let directory: any PatientDirectory
    let audit: any AuditTrail

    /// Stores `save` in the outbox, then records its audit entries: a failure as a failure
    /// (logged by the write's event name, without PHI), each further entry (the warnings a
    /// nurse went past) after it is stored. What the form asks about again (a dose given
    /// meanwhile) is neither stored nor a failure: the form has it back.
    func save(_ save: ChartingSave) async -> WorkstationAction {
        let write = save.write
        do {
            try await write.write(to: outbox)
        } catch {
            if let question = write.question(for: error) { return .chartingQuestioned(patientID: write.patientID, question) }
            Log.debug(write.failureLog, .error(error))
            try? audit.record(write.audit, patientID: write.patientID, outcome: .failure)
            return .chartingFailed(patientID: write.patientID, UserMessage.describe(error))
        }
        var warning: String?
        for action in write.alsoAudited {
            do { try audit.record(action, patientID: write.patientID, outcome: .success) } catch {
                warning = "the audit trail did not record it: \(UserMessage.describe(error))"
            }
        }
        let saved = await saved(write.audit, patientID: write.patientID)
        guard let warning, case let .chartingSaved(patientID, outbox, nil) = saved else { return saved }
        return .chartingSaved(patientID: patientID, outbox: outbox, warning: warning)
    }

    func outboxStatus() async -> WorkstationAction {
        do {
            return .outboxChanged(try await outbox.vitals.outboxStatus())
        } catch {
            Log.debug("outbox.status.failed", .error(error))
            return .outboxUnreadable(UserMessage.describe(error))
        }
    }

    private func saved(_ action: AuditAction, patientID: String) async -> WorkstationAction {
        var warning: String?
        do {
            try audit.record(action, patientID: patientID, outcome: .success)
        } catch {
            warning = "the audit trail did not record it: \(UserMessage.describe(error))"
        }
        // The list row's markers (an abnormal value just charted) follow at once. It is stored
        // already: a row that cannot be read again now is read at the next sync or start.
        do { try await directory.refresh(patientID: patientID) } catch { Log.debug("list.refresh.failed", .error(error)) }
        return .chartingSaved(patientID: patientID, outbox: try? await outbox.vitals.outboxStatus(), warning: warning)
    }
}
