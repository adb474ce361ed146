import CoreDomain
import CoreUseCases
import Foundation
import Testing
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
        let loaded = state.update(.list(.loaded(state.currentSearch, PatientPage(entries: entries, total: count))))
        switch state.layout {
        case .split:
            // Side by side, the chart pane shows the first patient at once.
            #expect(loaded == (count > 0 ? firstOpened("p0") : []), "the census's first page")
        case .single:
            #expect(loaded.isEmpty, "one pane at a time: no chart until Enter")
        case .tooSmall:
            #expect(loaded.isEmpty, "too small to show a chart: none is read, or audited as viewed")
        }
        return state
    }

    /// What opening the first chart, where none was shown, asks for: its summary.
    static func firstOpened(_ patientID: String) -> [WorkstationEffect] {
        [.chart(patientID: patientID, .load(.summary))]
    }

    /// What moving onto each of `patientIDs` in turn asks for, a chart being shown already:
    /// the reads of the chart it replaces cancelled, and its summary.
    static func opened(_ patientIDs: String...) -> [WorkstationEffect] {
        patientIDs.flatMap { [.cancel(.chartLoads), .chart(patientID: $0, .load(.summary))] }
    }

    /// What the list's search asks for as `texts` are typed in turn: the census, searched again
    /// for each (its audit entries read in the order typed).
    static func searches(_ texts: String...) -> [WorkstationEffect] {
        texts.map(search)
    }

    /// `searches` for each prefix of `text`, as typing it key by key asks.
    static func searches(typing text: String) -> [WorkstationEffect] {
        text.indices.map { search(String(text[...$0])) }
    }

    /// What a sync that changed the cache asks for on `state()`: the list window and the open
    /// chart's summary read again (refreshes, not audited as new access), the outbox counted.
    static func syncRefresh(chart patientID: String) -> [WorkstationEffect] {
        [.list(.search(PatientSearch(limit: PatientListState.pageSize), isRefresh: true)),
         .chart(patientID: patientID, .load(.summary, isRefresh: true)), .checkOutbox]
    }

    private static func search(_ text: String) -> WorkstationEffect {
        .list(.search(PatientSearch(text: text, limit: PatientListState.pageSize)))
    }

    static func summary(for entry: PatientListEntry) -> PatientSummary {
        PatientSummary(
            banner: PatientBanner(patient: entry.patient), allergyStatus: .notRecorded, activeProblems: [],
            latestVitals: [], activeMedications: [], recentEncounters: [])
    }

    static func encounters(_ count: Int, patientID: String) -> EncounterList {
        EncounterList(items: (0..<count).map { n in
            EncounterItem(encounter: Encounter(id: "e\(n)", patientID: patientID, encounterClass: .inpatient,
                                               period: Period(start: now.addingTimeInterval(Double(-n) * 86_400))))
        })
    }
}

extension WorkstationState {
    /// Presses keys in order and returns every effect they asked for.
    mutating func press(_ keys: InputKey...) -> [WorkstationEffect] {
        keys.flatMap { update(.key($0)) }
    }
}
