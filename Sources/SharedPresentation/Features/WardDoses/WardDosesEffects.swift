import CoreDomain
import CoreUseCases

/// Carries out the due list's effects: the list is shown only when each patient on it can be
/// recorded as viewed (their orders, on the due list).
struct WardDosesEffects: Sendable {
    let load: LoadWardDoses
    let audit: any AuditTrail

    init(_ sources: OverlaySources) {
        load = LoadWardDoses(
            directory: sources.directory, medications: LoadMedications(chart: sources.chart, ward: sources.administrationTimes))
        audit = sources.audit
    }

    /// The due list's name in the audit trail, as a chart tab's is.
    static let auditName = "ward-doses"

    func run(_ effect: WardDosesEffect) async -> WardDosesAction {
        switch effect {
        case let .load(ward, isRefresh):
            let action = AuditAction.chartOpened(tab: Self.auditName)
            do {
                let list = try await load(ward: ward)
                if !isRefresh { try audit.record(action, patientIDs: list.patients.map(\.entry.id), outcome: .success) }
                return .loaded(list)
            } catch {
                Log.debug("ward-doses.failed", .error(error))
                return .failed("could not read the ward's doses: \(UserMessage.describe(error))")
            }
        }
    }
}
