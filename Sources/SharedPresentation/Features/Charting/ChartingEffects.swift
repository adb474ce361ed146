import CoreDomain
import CoreUseCases

/// Carries out the charting effects for `UseCaseEffectRunner`: the outbox stores, then the
/// audit trail records. The order matters: once the outbox has an entry it is durable and
/// will be sent, so an audit trail that then refuses cannot un-chart it; the nurse is told
/// "saved" with the audit problem, never "not saved" (which would invite a duplicate entry).
/// A failed attempt is recorded as a failure.
struct ChartingEffects: Sendable {
    let charting: any VitalsCharting
    /// Where doses go; nil in a session that records none (then recording one fails, said so).
    let doses: (any DoseCharting)?
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

    /// A dose recorded on the MAR: its administration (given, not given, held) and each warning
    /// passed on the way are audit entries, after the outbox has it, as for vital signs. A dose
    /// `check` finds given meanwhile is not stored: the form asks the nurse again.
    func record(_ dose: DoseRecord, overrides: [DoseOverrideKind], check: DoubleDoseCheck? = nil) async -> WorkstationAction {
        let kind: DoseAuditKind = switch dose.status {
        case .completed: .given
        case .onHold: .held
        default: .notGiven
        }
        do {
            guard let doses else { throw DoseRecordingError.noOutbox }
            try await RecordDose(chart: chart, charting: doses)(dose, check: check)
        } catch let DoseRecordingError.givenMeanwhile(earlier) {
            return .doseGivenMeanwhile(patientID: dose.patientID, earlier)
        } catch {
            Log.debug("dose.failed", .error(error))
            try? audit.record(.administration(kind: kind), patientID: dose.patientID, outcome: .failure)
            return .chartingFailed(patientID: dose.patientID, UserMessage.describe(error))
        }
        var warning: String?
        for override in overrides {
            do { try audit.record(.override(kind: override), patientID: dose.patientID, outcome: .success) } catch {
                warning = "the audit trail did not record it: \(UserMessage.describe(error))"
            }
        }
        let saved = await saved(.administration(kind: kind), patientID: dose.patientID)
        guard let warning, case let .chartingSaved(patientID, outbox, nil) = saved else { return saved }
        return .chartingSaved(patientID: patientID, outbox: outbox, warning: warning)
    }

    /// A dose marked entered in error: stored and queued, then a `correction` audit entry.
    func correctDose(patientID: String, administrationID: String, reason: String) async -> WorkstationAction {
        do {
            guard let doses else { throw DoseRecordingError.noOutbox }
            try await doses.markEnteredInError(administrationID: administrationID, patientID: patientID, reason: reason)
        } catch {
            Log.debug("dose.correction.failed", .error(error))
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
