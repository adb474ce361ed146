import CoreDomain
import CoreUseCases
import Foundation

/// Carries out the chart's effects: a tab read from its sources (`ChartTab.load`), recorded as
/// viewed once read, unless it was a refresh after a sync (the opening was recorded, and the
/// sync is); data whose viewing cannot be recorded is not shown.
struct ChartEffects: Sendable {
    let sources: ChartSources
    let audit: any AuditTrail
    /// When a tab was opened, for "new since you last looked".
    let now: @Sendable () -> Date
    /// The records left out of what was read (failed their integrity check), if any.
    let integrityWarning: @Sendable () -> String?

    /// The answer for the chart of `patientID`; nil when the read was cancelled (another
    /// patient's chart opened): it is never shown, so it is not a view.
    func run(_ effect: ChartEffect, patientID: String) async -> ChartAction? {
        switch effect {
        case let .load(tab, isRefresh):
            let action = AuditAction.chartOpened(tab: tab.name)
            do {
                let openedAt = now()
                let content = try await tab.load(patientID: patientID, from: sources)
                if Task.isCancelled { return nil }
                if !isRefresh {
                    try audit.record(action, patientID: patientID, outcome: .success)
                    await tab.opened(patientID: patientID, at: openedAt, from: sources)
                }
                return .loaded(content, warning: integrityWarning())
            } catch {
                Log.debug("chart.failed", .error(error))
                if !isRefresh { try? audit.record(action, patientID: patientID, outcome: .failure) }
                return .failed(tab, "could not open this chart: \(UserMessage.describe(error))")
            }
        }
    }
}
