import CoreDomain
import Foundation

/// Builds the derived patient-list row from a patient's resources, so the census can be shown
/// and searched without opening charts. The encrypted cache calls it when it imports data.
///
/// Location: the current encounter's (see `RecentEncounterRule.current`), nil when the patient
/// has none. Severe-allergy marker: any active allergy that `AllergyStatus` lists and that is
/// severe. Abnormal-vital marker: any sign's latest reading (`LatestVitalRule`) is abnormal.
/// Early warning: the newest scored NEWS2 round (`NEWS2RoundBuilder`), for the patient's age
/// when the row is built.
public struct PatientListEntryBuilder: Sendable {
    private let resolver: BedLocationResolver

    /// `locations`: every location the encounters may reference, with their parents.
    public init(locations: [Location]) {
        resolver = BedLocationResolver(locations: locations)
    }

    public func entry(
        for patient: Patient, encounters: [Encounter], allergies: [AllergyIntolerance], observations: [Observation],
        now: Date = Date()
    ) -> PatientListEntry {
        let age = patient.birthDate.flatMap { PatientAge.years(born: $0, at: now) }
        var entry = PatientListEntry(
            patient: patient,
            location: RecentEncounterRule.current(encounters).flatMap { resolver.resolve($0.locationIDs) },
            hasSevereAllergy: AllergyStatus(entries: allergies).hasSevere,
            hasAbnormalVital: LatestVitalRule.latest(from: observations).contains { $0.flag.isAbnormal },
            earlyWarning: NEWS2RoundBuilder.rounds(from: observations, age: age).lazy.compactMap(\.earlyWarning).first
        )
        entry.newestResultArrival = observations.lazy.filter { $0.category == .laboratory }.compactMap(\.received).max()
        return entry
    }
}
