import CoreDomain
import CoreUseCases
import Foundation
import SharedPresentation
import Testing
@testable import TerminalUI

/// One believable inpatient, with an anaphylaxis allergy and abnormal vitals, for rendering
/// tests. Times are fixed in UTC so snapshots do not depend on the machine's zone.
enum SampleChart {
    static let utc = TimeZone(identifier: "UTC")!
    static let now = date("2026-06-27T14:05:00Z")

    static func date(_ text: String) -> Date {
        ISO8601DateFormatter().date(from: text)!
    }

    static let patient = Patient(
        id: "p1", mrn: "POP-000010", name: PersonName(family: "Brown", given: ["Robin"]),
        birthDate: PartialDate(year: 1954, month: 4, day: 12), gender: .female)

    static let entry = PatientListEntry(patient: patient, location: BedLocation(ward: "4W", bed: "12"), hasSevereAllergy: true, hasAbnormalVital: true)

    static func quantity(_ value: Decimal, _ unit: String) -> Quantity { Quantity(value: value, unit: unit, ucumCode: unit) }

    static let vitals: [VitalReading] = [
        VitalReading(sign: .heartRate, effective: date("2026-06-27T12:00:00Z"), value: .single(quantity(112, "/min")), flag: .high, observationIDs: ["o1"]),
        VitalReading(sign: .bloodPressure, effective: date("2026-06-27T12:00:00Z"),
                     value: .bloodPressure(systolic: quantity(148, "mm[Hg]"), diastolic: quantity(92, "mm[Hg]")), flag: .high, observationIDs: ["o2"]),
        VitalReading(sign: .temperature, effective: date("2026-06-27T12:00:00Z"), value: .single(quantity(Decimal(string: "38.4")!, "Cel")), flag: .high, observationIDs: ["o3"]),
        VitalReading(sign: .oxygenSaturation, effective: date("2026-06-27T12:00:00Z"), value: .single(quantity(89, "%")), flag: .criticalLow, observationIDs: ["o4"]),
    ]

    static let penicillin = AllergyIntolerance(
        id: "a1", patientID: "p1", substance: CodedConcept(text: "Penicillin"), criticality: .high, clinicalStatus: .active,
        reactions: [.init(manifestations: [CodedConcept(text: "anaphylaxis")], severity: .severe)])

    static let prednisone = MedicationRequest(
        id: "m1", patientID: "p1", medication: CodedConcept(text: "Prednisone"), dose: quantity(40, "mg"),
        route: CodedConcept(text: "PO"), timing: .init(frequency: 1, period: 1, periodUnit: "d"), status: .active)

    static let salbutamol = MedicationRequest(
        id: "m2", patientID: "p1", medication: CodedConcept(text: "Salbutamol"), dose: quantity(Decimal(string: "2.5")!, "mg"),
        route: CodedConcept(text: "nebulized"), timing: .init(frequency: 1, period: 4, periodUnit: "h"), asNeeded: true, status: .active)

    /// The orders with their MAR as the Meds tab loads them: the last 24 hours and the rest of
    /// today at the default ward times (prednisone's 09:00 dose is late at 14:05).
    static let medications: MedicationList = {
        var list = MedicationList(requests: [prednisone, salbutamol])
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = utc
        list.record = MedicationAdministrationRecord(
            requests: list.active, administrations: [], from: now.addingTimeInterval(-24 * 3600), to: date("2026-06-27T23:59:59Z"),
            ward: WardAdministrationTimes(), calendar: calendar)
        return list
    }()

    /// The ward's due list at 14:05: Robin Brown's prednisone, late since 10:00.
    static let wardDoses = WardDoseList(
        patients: [WardDoseList.Patient(entry: entry, doses: WardDoseList.doses(of: medications.record!, at: now))], window: 3600)

    static let admission = EncounterItem(
        encounter: Encounter(id: "e1", patientID: "p1", encounterClass: .inpatient, status: .inProgress,
                             period: Period(start: date("2026-06-24T09:00:00Z")), reason: CodedConcept(text: "COPD exacerbation")),
        location: BedLocation(ward: "4W", bed: "12"))

    static let summary = PatientSummary(
        banner: PatientBanner(patient: patient, currentEncounter: admission), allergyStatus: .allergies([penicillin]),
        activeProblems: [ActiveProblem(condition: Condition(id: "c1", patientID: "p1", code: CodedConcept(text: "COPD exacerbation"), clinicalStatus: .active))],
        latestVitals: vitals, activeMedications: [prednisone, salbutamol], recentEncounters: [admission])

    /// Labs as a ward sees them: a critical potassium with its history, a sodium, a blood count
    /// value, and a culture answered in words, over four mornings.
    static let results: ResultsWorksheet = {
        let times = (0..<4).map { date("2026-06-2\(7 - $0)T06:30:00Z") }
        func result(_ id: String, _ day: Int, _ value: LabResult.Value, _ flag: AbnormalFlag = .normal, low: Decimal? = nil, high: Decimal? = nil) -> LabResult {
            LabResult(observationID: id, collected: times[day], value: value, flag: flag,
                      range: low == nil && high == nil ? nil : ReferenceRange(low: low.map { Quantity(value: $0) }, high: high.map { Quantity(value: $0) }),
                      performer: "Lab A")
        }
        func mmol(_ text: String) -> LabResult.Value { .quantity(Quantity(value: Decimal(string: text)!, unit: "mmol/L", ucumCode: "mmol/L")) }
        let potassium = ResultTest(key: "2823-3", name: "Potassium", fullName: "Potassium [Moles/volume] in Serum or Plasma", results: [
            result("k0", 0, mmol("6.8"), .criticalHigh, low: 3.5, high: Decimal(string: "5.1")),
            result("k1", 1, mmol("5.4"), .high, low: 3.5, high: Decimal(string: "5.1")),
            result("k2", 2, mmol("4.6"), low: 3.5, high: Decimal(string: "5.1")),
            result("k3", 3, mmol("4.1"), low: 3.5, high: Decimal(string: "5.1")),
        ])
        let sodium = ResultTest(key: "2951-2", name: "Sodium", fullName: "Sodium [Moles/volume] in Serum or Plasma", results: [
            result("n0", 0, mmol("131"), .low, low: 136, high: 145), result("n2", 2, mmol("138"), low: 136, high: 145),
        ])
        let haemoglobin = ResultTest(key: "718-7", name: "Hemoglobin", fullName: "Hemoglobin [Mass/volume] in Blood", results: [
            result("h1", 1, .quantity(Quantity(value: Decimal(string: "9.2")!, unit: "g/dL", ucumCode: "g/dL")), .low, low: 12, high: 16),
        ])
        let culture = ResultTest(key: "600-7", name: "Bacteria identified", fullName: "Bacteria identified in Blood by Culture", results: [
            result("c1", 1, .text("Not detected")),
        ])
        return ResultsWorksheet(panels: [
            ResultPanel(title: "Basic metabolic panel", conclusion: "Hyperkalaemia, repeat sent", tests: [potassium, sodium]),
            ResultPanel(title: "Haematology", tests: [haemoglobin]),
            ResultPanel(title: "Microbiology", tests: [culture]),
        ], collections: times)
    }()

    /// What each tab of Robin Brown's chart holds, by the tab's name; a tab registered only by
    /// a test brings its own.
    static let contents: [String: ChartContent] = [
        ChartTab.summary.name: ChartContent(SummaryState.self, summary),
        ChartTab.encounters.name: ChartContent(EncountersState.self, EncounterList(items: [admission])),
        ChartTab.vitals.name: ChartContent(VitalsState.self, VitalsHistory(series: VitalSeries.series(from: vitals))),
        ChartTab.medications.name: ChartContent(MedicationsState.self, medications),
        ChartTab.results.name: ChartContent(ResultsState.self, results),
    ]

    /// The workstation with Robin Brown's chart open on `tab` and every tab of `tabs` loaded
    /// (from `contents`, or `extra`): the tabs come from the registry, never a list written here.
    static func state(
        columns: Int, rows: Int, tab: ChartTab = .summary, focus: Focus = .chart, tabs: [ChartTab] = ChartTab.registered,
        extra: [ChartContent] = []
    ) -> WorkstationState {
        var state = WorkstationState(session: SessionInfo(mode: .demo, user: "nurse1"), columns: columns, rows: rows, now: now)
        state.chartTabs = tabs
        let others = (2...6).map { n in
            PatientListEntry(patient: Patient(id: "p\(n)", mrn: "POP-00001\(n)", name: PersonName(family: "Garcia\(n)", given: ["Luis"]),
                                              birthDate: PartialDate(year: 1960 + n), gender: .male),
                             location: BedLocation(ward: "4W", bed: "1\(n)"))
        }
        var opened = state.update(.list(.loaded(PatientSearch(limit: PatientListState.pageSize), PatientPage(entries: [entry] + others, total: 6))))
        if focus == .chart { opened += state.update(.key(.enter)) }
        // Robin Brown's chart opens once: beside the list, or on Enter where one pane shows at a time.
        switch state.layout {
        case .split: #expect(opened == [.chart(patientID: "p1", .load(.summary))])
        case .single: #expect(opened == (focus == .chart ? [.chart(patientID: "p1", .load(.summary))] : []))
        case .tooSmall:
            #expect(opened.isEmpty, "too small to show a chart: none is read, or audited as viewed")
        }
        let loaded = extra + tabs.compactMap { contents[$0.name] }
        for tab in tabs {
            let content = loaded.first { $0.tab == tab }
            #expect(content != nil, "\(tab.name): no sample content")
            if let content { #expect(state.update(.chart(patientID: "p1", .loaded(content))).isEmpty) }
        }
        // As a user gets there: the tab's key, which also fits its scroll to the chosen row.
        // Every tab is loaded: nothing to read, but a tab that keeps each look (Results) is read again.
        let reread: [WorkstationEffect] = tab != .summary && tab.descriptor.keepsEachLook ? [.chart(patientID: "p1", .load(tab))] : []
        #expect(state.update(.key(.character(Character(String(tabs.firstIndex(of: tab)! + 1))))) == reread)
        state.focus = focus
        return state
    }

    static func render(_ state: WorkstationState, glyphs: Glyphs = .unicode) -> [String] {
        var buffer = ScreenBuffer(width: state.columns, height: state.rows, glyphs: glyphs)
        WorkstationRenderer.render(state, into: &buffer, timeZone: utc)
        return buffer.textSnapshot()
    }
}
