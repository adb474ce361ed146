import CoreDomain
import CoreUseCases

/// Carries out the charting effects for `UseCaseEffectRunner`: the outbox stores, then the
/// audit trail records. The order matters: once the outbox has an entry it is durable and
/// will be sent, so an audit trail that then refuses cannot un-chart it; the nurse is told
/// "saved" with the audit problem, never "not saved" (which would invite a duplicate entry).
/// A failed attempt is recorded as a failure.
struct ChartingEffects: Sendable {
    let charting: any VitalsCharting
    let chart: any ChartRepository
    let directory: any PatientDirectory
    let audit: any AuditTrail

    func record(_ entry: VitalsEntry) async -> WorkstationAction {
        await write(.charting, patientID: entry.patientID, "charting.failed") { try await RecordVitals(chart: chart, charting: charting)(entry) }
    }

    func recordSpO2Target(_ target: SpO2TargetEntry) async -> WorkstationAction {
        await write(.charting, patientID: target.patientID, "spo2-target.failed") { try await RecordVitals(chart: chart, charting: charting)(target) }
    }

    func markEnteredInError(patientID: String, observationIDs: [String], reason: String) async -> WorkstationAction {
        await write(.correction, patientID: patientID, "correction.failed") {
            try await CorrectVitals(chart: chart, charting: charting)(observationIDs: observationIDs, patientID: patientID, reason: reason)
        }
    }

    /// Runs one write to the outbox; audits it as `action`, a failure too (logged as `failed`,
    /// without PHI).
    private func write(
        _ action: AuditAction, patientID: String, _ failed: StaticString, _ work: () async throws -> Void
    ) async -> WorkstationAction {
        do {
            try await work()
        } catch {
            Log.debug(failed, .error(error))
            try? audit.record(action, patientID: patientID, outcome: .failure)
            return .chartingFailed(patientID: patientID, UserMessage.describe(error))
        }
        return await saved(action, patientID: patientID)
    }

    func outboxStatus() async -> WorkstationAction {
        do {
            return .outboxChanged(try await charting.outboxStatus())
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
        return .chartingSaved(patientID: patientID, outbox: try? await charting.outboxStatus(), warning: warning)
    }
}
