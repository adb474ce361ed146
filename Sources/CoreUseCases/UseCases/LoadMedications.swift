import CoreDomain
import Foundation

/// The medications tab: active orders and stopped ones, separately (see `ActiveMedicationRule`),
/// with the active ones the patient is allergic to named (see `AllergyConflictRule`), the
/// MAR of the last 24 hours and the rest of today at the ward's administration times, and the
/// pre-administration checks of the orders the ward checks (`PreDoseCheckRule`; the chart's
/// observations are read for them only when one is checked).
public struct LoadMedications: Sendable {
    private let chart: any ChartRepository
    private let ward: WardAdministrationTimes
    private let calendar: Calendar
    private let clock: @Sendable () -> Date

    /// `calendar` carries the ward's time zone, in which administration times are read.
    public init(
        chart: any ChartRepository, ward: WardAdministrationTimes = WardAdministrationTimes(), calendar: Calendar = .current,
        clock: @escaping @Sendable () -> Date = Date.init
    ) {
        self.chart = chart
        self.ward = ward
        self.calendar = calendar
        self.clock = clock
    }

    /// `preDoseChecks: false` leaves the checks out (the ward's due list shows none, and reading
    /// every patient's observations for them was most of its time).
    public func callAsFunction(patientID: String, preDoseChecks: Bool = true) async throws -> MedicationList {
        async let allergies = chart.allergies(patientID: patientID)
        async let administrations = chart.medicationAdministrations(patientID: patientID)
        async let observations = chart.observations(patientID: patientID, category: .other)
        var list = MedicationList(requests: try await chart.medicationRequests(patientID: patientID))
        list.allergyConflicts = AllergyConflictRule.conflicts(list.active, AllergyStatus(entries: try await allergies))
        let now = clock()
        let endOfToday = calendar.date(byAdding: DateComponents(day: 1, second: -1), to: calendar.startOfDay(for: now)) ?? now
        // Late at night the next dose (00:00) is already due or within the ward list's hour, and
        // the day's last dose needs it to know when it is missed.
        let end = max(endOfToday, now.addingTimeInterval(ward.window + WardDoseList.lookAhead))
        list.record = MedicationAdministrationRecord(
            requests: list.active, administrations: try await administrations, from: now.addingTimeInterval(-24 * 60 * 60), to: end,
            ward: ward, calendar: calendar)
        list.record?.asNeededEffects = PRNFollowUpRule.effects(try await observations)
        let checked = preDoseChecks ? list.active.filter { !ward.preDoseChecks.requirements(for: $0).isEmpty } : []
        if !checked.isEmpty {
            let charted = try await chart.observations(patientID: patientID, category: nil)
            for order in checked {
                list.preDoseChecks[order.id] = PreDoseCheckRule.results(
                    for: order, observations: charted, settings: ward.preDoseChecks, at: now, calendar: calendar)
            }
        }
        return list
    }
}
