import CoreDomain
import Foundation

/// The pre-administration checks of one order (`PreDoseCheckRule`) against the patient's chart
/// as it is now: what the dose form shows before a dose, and the MAR beside a checked order.
/// Reads the chart only for an order the ward checks.
public struct LoadPreDoseChecks: Sendable {
    private let chart: any ChartRepository
    private let settings: PreDoseCheckSettings
    private let calendar: Calendar
    private let clock: @Sendable () -> Date

    /// `settings` is the ward's (`WardAdministrationTimes.preDoseChecks`); `calendar` its clock,
    /// which says what `today` is.
    public init(chart: any ChartRepository, settings: PreDoseCheckSettings, calendar: Calendar = .current,
                clock: @escaping @Sendable () -> Date = Date.init) {
        self.chart = chart
        self.settings = settings
        self.calendar = calendar
        self.clock = clock
    }

    public func callAsFunction(patientID: String, order: MedicationRequest) async throws -> [PreDoseCheckResult] {
        guard !settings.requirements(for: order).isEmpty else { return [] }
        let observations = try await chart.observations(patientID: patientID, category: nil)
        return PreDoseCheckRule.results(for: order, observations: observations, settings: settings, at: clock(), calendar: calendar)
    }
}
