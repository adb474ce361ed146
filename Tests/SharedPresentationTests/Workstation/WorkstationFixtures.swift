import CoreDomain
import CoreUseCases
import Foundation
@testable import SharedPresentation

/// Small, explicit states for the update-function tests.
enum Census {
    static let now = Date(timeIntervalSince1970: 1_790_000_000)

    static func entry(_ n: Int, family: String? = nil) -> PatientListEntry {
        PatientListEntry(
            patient: Patient(id: "p\(n)", mrn: "MRN\(n)", name: PersonName(family: family ?? "Family\(n)", given: ["Given"]),
                             birthDate: PartialDate(year: 1950 + n % 50, month: 1, day: 1), gender: .female),
            location: BedLocation(ward: "4W", bed: "\(n)"))
    }

    /// A workstation at `columns`x`rows` whose list holds `count` loaded patients.
    static func state(patients count: Int = 30, columns: Int = 80, rows: Int = 24) -> WorkstationState {
        var state = WorkstationState(session: SessionInfo(mode: .demo, user: "nurse1"), columns: columns, rows: rows, now: now)
        let entries = (0..<count).map { entry($0) }
        _ = state.update(.patientsLoaded(state.currentSearch, PatientPage(entries: entries, total: count)))
        return state
    }

    static func summary(for entry: PatientListEntry) -> PatientSummary {
        PatientSummary(
            banner: PatientBanner(patient: entry.patient), allergyStatus: .notRecorded, activeProblems: [],
            latestVitals: [], activeMedications: [], recentEncounters: [])
    }

    static func encounters(_ count: Int, patientID: String) -> [EncounterItem] {
        (0..<count).map { n in
            EncounterItem(encounter: Encounter(id: "e\(n)", patientID: patientID, encounterClass: .inpatient,
                                               period: Period(start: now.addingTimeInterval(Double(-n) * 86_400))))
        }
    }
}

extension WorkstationState {
    /// Presses keys in order and returns every effect they asked for.
    mutating func press(_ keys: InputKey...) -> [WorkstationEffect] {
        keys.flatMap { update(.key($0)) }
    }
}
