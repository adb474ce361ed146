import CoreDomain
import Foundation

/// Builds the derived patient-list row from a patient's resources, so the census can be shown
/// and searched without opening charts. The encrypted cache calls it when it imports data.
///
/// Location: the current encounter's (see `RecentEncounterRule.current`), nil when the patient
/// has none. Severe-allergy marker: any active allergy that `AllergyStatus` lists and that is
/// severe. Abnormal-vital marker: any sign's latest reading (`LatestVitalRule`) is abnormal.
/// Early warning: the newest scored NEWS2 round (`NEWS2RoundBuilder`), for the patient's age
/// when the row is built. Newest critical result: the collection time of the newest laboratory
/// result judged critical as the Results tab and the Summary judge it (the ward's range for
/// one sent without any). Open doses: the MAR's doses nothing was recorded for, from a day
/// before the row is built to `openDoseSpan` after it (`OpenDoses`), nil without a scheduled
/// active order.
public struct PatientListEntryBuilder: Sendable {
    private let resolver: BedLocationResolver
    private let administrationTimes: WardAdministrationTimes
    private let calendar: Calendar

    /// `locations`: every location the encounters may reference, with their parents.
    /// `administrationTimes` and `calendar` (its zone the ward's) place doses as the MAR does.
    public init(locations: [Location], administrationTimes: WardAdministrationTimes = WardAdministrationTimes(), calendar: Calendar = .current) {
        resolver = BedLocationResolver(locations: locations)
        self.administrationTimes = administrationTimes
        self.calendar = calendar
    }

    /// How long after the row is built its open doses say whether one is due or late: two days,
    /// so a patient whose records do not change is still marked on the next day's rounds.
    public static let openDoseSpan: TimeInterval = 48 * 60 * 60

    public func entry(
        for patient: Patient, encounters: [Encounter], allergies: [AllergyIntolerance], observations: [Observation],
        requests: [MedicationRequest] = [], administrations: [MedicationAdministration] = [], now: Date
    ) -> PatientListEntry {
        let age = patient.birthDate.flatMap { PatientAge.years(born: $0, at: now) }
        var entry = PatientListEntry(
            patient: patient,
            location: RecentEncounterRule.current(encounters).flatMap { resolver.resolve($0.locationIDs) },
            hasSevereAllergy: AllergyStatus(entries: allergies).hasSevere,
            hasAbnormalVital: LatestVitalRule.latest(from: observations).contains { $0.flag.isAbnormal },
            earlyWarning: NEWS2RoundBuilder.rounds(from: observations, age: age).lazy.compactMap(\.earlyWarning).first
        )
        let labs = observations.filter { $0.category == .laboratory }
        entry.newestResultArrival = labs.lazy.compactMap(\.received).max()
        entry.newestCriticalResult = LoadResults.newestCritical(among: labs, sex: patient.gender)
        entry.openDoses = openDoses(requests: requests, administrations: administrations, now: now)
        return entry
    }

    /// The span runs a day past `until`, so each dose up to it knows its order's next dose.
    private func openDoses(requests: [MedicationRequest], administrations: [MedicationAdministration], now: Date) -> OpenDoses? {
        let until = now.addingTimeInterval(Self.openDoseSpan)
        let record = MedicationAdministrationRecord(
            requests: requests, administrations: administrations, from: now.addingTimeInterval(-24 * 60 * 60),
            to: until.addingTimeInterval(24 * 60 * 60), ward: administrationTimes, calendar: calendar)
        guard !record.doses.isEmpty || !record.noDoseInSpan.isEmpty || !record.infusions.isEmpty else { return nil }
        let open = record.doses.filter { $0.administration == nil && $0.time.addingTimeInterval(-record.window) <= until }
        // An infusion ordered and not started is a dose due from when its order begins (else
        // from now): `d`, then `D` once past the window, as the due list lists it, until started.
        let toStart = record.infusions.filter { $0.state == .notStarted }.map { infusion in
            OrderDaysRule.span(of: infusion.request, calendar: calendar).begins ?? infusion.request.authoredOn ?? now
        }
        return OpenDoses(doses: open.map { OpenDoses.Dose(time: $0.time, next: $0.next) } + toStart.map { OpenDoses.Dose(time: $0) },
                         window: record.window, until: until)
    }
}
