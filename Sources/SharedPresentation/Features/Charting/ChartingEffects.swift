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
        do {
            try await RecordVitals(chart: chart, charting: charting)(entry)
        } catch {
            Log.debug("charting.failed", .error(error))
            try? audit.record(.charting, patientID: entry.patientID, outcome: .failure)
            return .chartingFailed(patientID: entry.patientID, UserMessage.describe(error))
        }
        return await saved(.charting, patientID: entry.patientID)
    }

    func recordSpO2Target(_ target: SpO2TargetEntry) async -> WorkstationAction {
        do {
            try await RecordSpO2Target(chart: chart, charting: charting)(target)
        } catch {
            Log.debug("spo2-target.failed", .error(error))
            try? audit.record(.charting, patientID: target.patientID, outcome: .failure)
            return .chartingFailed(patientID: target.patientID, UserMessage.describe(error))
        }
        return await saved(.charting, patientID: target.patientID)
    }

    func markEnteredInError(patientID: String, observationIDs: [String], reason: String) async -> WorkstationAction {
        do {
            try await CorrectVitals(chart: chart, charting: charting)(observationIDs: observationIDs, patientID: patientID, reason: reason)
        } catch {
            Log.debug("correction.failed", .error(error))
            try? audit.record(.correction, patientID: patientID, outcome: .failure)
            return .chartingFailed(patientID: patientID, UserMessage.describe(error))
        }
        return await saved(.correction, patientID: patientID)
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
