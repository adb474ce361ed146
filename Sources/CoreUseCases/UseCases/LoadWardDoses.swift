import CoreDomain
import Foundation

/// The ward's due list: every patient on the census (or one ward) whose MAR has a dose due,
/// late, or coming in the next hour, or an infusion not yet started, by bed.
public struct LoadWardDoses: Sendable {
    private let directory: any PatientDirectory
    private let medications: LoadMedications
    private let clock: @Sendable () -> Date

    public init(directory: any PatientDirectory, medications: LoadMedications, clock: @escaping @Sendable () -> Date = Date.init) {
        self.directory = directory
        self.medications = medications
        self.clock = clock
    }

    public func callAsFunction(ward: String?) async throws -> WardDoseList {
        let now = clock()
        var patients: [WardDoseList.Patient] = []
        var window = WardAdministrationTimes().window
        for entry in try await directory.listEntries(ward: ward).sorted(by: Self.byBed) {
            let list = try await medications(patientID: entry.id, preDoseChecks: false)
            guard let record = list.record else { continue }
            window = record.window
            let doses = WardDoseList.doses(of: record, at: now), infusions = WardDoseList.infusionsToStart(of: record)
            if !doses.isEmpty || !infusions.isEmpty {
                patients.append(WardDoseList.Patient(entry: entry, doses: doses, infusionsToStart: infusions, allergyConflicts: list.allergyConflicts))
            }
        }
        return WardDoseList(patients: patients, window: window)
    }

    /// Ward, then bed, as a nurse walks the ward; patients without a bed last, by name.
    private static func byBed(_ a: PatientListEntry, _ b: PatientListEntry) -> Bool {
        let bedA = a.location.map { [$0.ward ?? "", $0.bed ?? ""] } ?? ["\u{10FFFF}"]
        let bedB = b.location.map { [$0.ward ?? "", $0.bed ?? ""] } ?? ["\u{10FFFF}"]
        if bedA != bedB { return bedA.lexicographicallyPrecedes(bedB) { $0.localizedStandardCompare($1) == .orderedAscending } }
        return a.id < b.id
    }
}
