import CoreDomain
import Foundation

/// The Results tab: the patient's laboratory results as a cumulative worksheet.
///
/// A result is an Observation in the laboratory category, or any Observation a lab report (or
/// a panel Observation's `hasMember`) names; each shows once, under its newest grouping. A
/// vital sign (its category, which a vital sign's LOINC code sets) never is, even named by a
/// report or panel, nor is a component that is one: it shows on the Vitals tab. Every form of answer is a result: a quantity, a coded or text answer, a yes/no, or
/// only a reason it is missing. A panel Observation's components are rows of their own. A
/// result sent without a range is judged by the ward's (`ResultRangeRule`), for the patient's
/// sex; a performer named only by a reference to an imported Practitioner shows their name.
/// Statuses: final, amended, corrected and preliminary are values (the last three marked);
/// entered in error is kept, marked, and never a cell's value while another result at that
/// time counts; registered shows as pending; cancelled as cancelled. A result without a
/// collection time cannot be placed in a column and is left out.
///
/// With `views` (the reading user's), a result that reached the cache after they last opened
/// this patient's results is new (`LabResult.isNew`); one whose arrival is unknown never is.
public struct LoadResults: Sendable {
    private let chart: any ChartRepository
    private let views: (any ResultViews)?

    public init(chart: any ChartRepository, views: (any ResultViews)? = nil) {
        self.chart = chart
        self.views = views
    }

    /// From the worksheet the store prepared when the records last changed, when it keeps one
    /// current for this patient's sex (`PreparedResultsSource`); else built from the records.
    public func callAsFunction(patientID: String) async throws -> ResultsWorksheet {
        // One after the other: they read the one cache, and two readers at once only wait on its lock.
        let sex = try await chart.patient(id: patientID)?.gender ?? .unknown
        if let source = chart as? any PreparedResultsSource, var prepared = try await source.preparedResults(patientID: patientID),
           prepared.sex == sex {
            prepared.markNew(since: try await views?.lastViewed(patientID: patientID))
            return try await PractitionerNames(chart: chart).naming(prepared.worksheet)
        }
        let observations = try await PractitionerNames(chart: chart).naming(try await chart.observations(patientID: patientID, category: nil))
        let reports = try await chart.diagnosticReports(patientID: patientID)
        return Self.worksheet(observations: observations, reports: reports, newSince: try await views?.lastViewed(patientID: patientID), sex: sex)
    }

    /// The worksheet of `observations` and `reports` before anyone reads it, for a store to keep
    /// (`PreparedResults`): what `callAsFunction` builds from the same records, less the new marks
    /// and the performers' names, which the open adds.
    public static func prepared(observations: [Observation], reports: [DiagnosticReport], sex: AdministrativeGender) -> PreparedResults {
        let worksheet = worksheet(observations: observations, reports: reports, sex: sex)
        var received: [String: Date] = [:]
        for observation in observations { received[observation.id] = observation.received }
        var arrivals: [Date?] = []
        for panel in worksheet.panels {
            for test in panel.tests { arrivals += test.results.map { received[$0.observationID] } }
        }
        return PreparedResults(worksheet: worksheet, arrivals: arrivals, sex: sex)
    }

    /// `newSince`: when the reader last opened these results; nil when no one's views are kept.
    /// `sex`: the patient's, for the ward's ranges that differ by it.
    static func worksheet(
        observations: [Observation], reports: [DiagnosticReport], newSince: Date? = nil, sex: AdministrativeGender = .unknown
    ) -> ResultsWorksheet {
        // A panel Observation (`hasMember`, no value of its own) groups its members as a report
        // does, and is not a row itself. Newest grouping first, so a result in two is shown
        // once, with the newer.
        let panelObservations = observations.filter { $0.isPanel }.map {
            DiagnosticReport(id: "panel/" + $0.id, patientID: $0.patientID, code: $0.code,
                             status: $0.status == .enteredInError ? .enteredInError : .final, effective: $0.effective, resultIDs: $0.memberIDs)
        }
        let reports = (reports + panelObservations).filter { $0.status != .enteredInError }
            .sorted { ($0.effective ?? .distantPast, $0.id) > ($1.effective ?? .distantPast, $1.id) }
        // Each report's heading, worked out once; results find their report by position.
        var headings: [String: String] = [:]
        let titles = reports.map { report in
            let name = report.code.displayName
            if let heading = headings[name] { return heading }
            let heading = LabTestName.panel(name)
            headings[name] = heading
            return heading
        }
        var reportOf: [String: Int] = [:]
        reportOf.reserveCapacity(reports.reduce(0) { $0 + $1.resultIDs.count })
        // Oldest first, each naming overwriting: the newest report naming a result keeps it.
        for position in reports.indices.reversed() {
            for id in reports[position].resultIDs { reportOf[id] = position }
        }

        // Tests in the order first seen, found by key; results appended in place.
        var tests: [ResultTest] = []
        var index: [String: Int] = [:]
        var panelOf: [String?] = []  // by test position
        for observation in observations {
            let report = reportOf[observation.id]
            guard observation.category == .laboratory || report != nil, !observation.isVitalSign, !observation.isPanel,
                  let collected = observation.effective else { continue }
            let isNew = newSince.map { since in observation.received.map { $0 > since } ?? false } ?? false
            forEachRow(of: observation) { row in
                let loinc = Self.loinc(row.code)
                let key = loinc ?? Self.key(row.code)
                let position = index[key] ?? {
                    let fullName = row.code.displayName
                    tests.append(ResultTest(key: key, name: LabTestName.short(fullName, code: loinc), fullName: fullName, results: []))
                    index[key] = tests.count - 1
                    panelOf.append(nil)
                    return tests.count - 1
                }()
                tests[position].results.append(result(row, loinc: loinc, of: observation, collected: collected, isNew: isNew, sex: sex))
                if let report, panelOf[position] == nil { panelOf[position] = titles[report] }
            }
        }

        var panels: [String: ResultPanel] = [:]
        for position in tests.indices {
            // In place: a copy of the test would copy its years of results to sort them.
            tests[position].results.sort { ($0.collected, $0.observationID) > ($1.collected, $1.observationID) }
            let test = tests[position]
            let title = panelOf[position]
                ?? LabClass.of(CodedConcept(codings: [Coding(system: CodeSystem.loinc, code: test.key)], text: test.fullName)).rawValue
            panels[title, default: ResultPanel(title: title, tests: [])].tests.append(test)
        }
        for (report, title) in zip(reports, titles) where panels[title]?.conclusion == nil {
            panels[title]?.conclusion = report.conclusion
        }
        let ordered = panels.values.map(Self.withDistinctNames).sorted {
            ($0.newest, $1.title) > ($1.newest, $0.title)
        }
        return ResultsWorksheet(panels: ordered, collections: distinctNewestFirst(ordered.flatMap { $0.tests }))
    }

    /// The newest collection time among the results of `labs` (laboratory Observations) judged
    /// critical as the worksheet judges them, entered in error left out: what the patient list
    /// marks (`PatientListEntryBuilder`). Without building the worksheet: the import asks it of
    /// every patient, and grouping, naming and sorting years of results took a tenth of it.
    public static func newestCritical(among labs: [Observation], sex: AdministrativeGender) -> Date? {
        var newest: Date?
        for observation in labs where !observation.isVitalSign && !observation.isPanel && observation.status != .enteredInError {
            guard let collected = observation.effective, newest.map({ collected > $0 }) ?? true else { continue }
            forEachRow(of: observation) { row in
                let judged = ResultRangeRule.judge(
                    loinc: loinc(row.code), value: row.value?.quantity, ranges: row.ranges, interpretation: row.interpretation, sex: sex)
                if judged.flag.severity == 2 { newest = collected }
            }
        }
        return newest
    }

    /// Every collection time once, newest first: sorted, then each run of equal times kept once
    /// (cheaper than hashing years of times into a set).
    private static func distinctNewestFirst(_ tests: [ResultTest]) -> [Date] {
        var times: [Date] = []
        times.reserveCapacity(tests.reduce(0) { $0 + $1.results.count })
        for test in tests {
            for index in test.results.indices { times.append(test.results[index].collected) }
        }
        times.sort(by: >)
        var distinct: [Date] = []
        for time in times where distinct.last != time { distinct.append(time) }
        return distinct
    }

    /// What one Observation contributes: itself, or each of its components when it is a panel.
    private struct Row {
        var code: CodedConcept
        var value: Observation.Value?
        var ranges: [ReferenceRange]
        var interpretation: [Coding]
    }

    /// Each row handed over in turn, not gathered into an array: one allocation fewer for each
    /// of years of results. A component that is a vital sign is not a result.
    private static func forEachRow(of observation: Observation, _ body: (Row) -> Void) {
        guard observation.value == nil, observation.dataAbsentReason == nil, !observation.components.isEmpty else {
            return body(Row(code: observation.code, value: observation.value, ranges: observation.referenceRanges, interpretation: observation.interpretation))
        }
        for component in observation.components where !component.code.isVitalSign {
            body(Row(code: component.code, value: component.value, ranges: component.referenceRanges,
                     interpretation: component.interpretation + observation.interpretation))
        }
    }

    /// The test's LOINC code, when it has one.
    private static func loinc(_ code: CodedConcept) -> String? {
        code.codings.first { $0.system == CodeSystem.loinc && $0.code != nil }?.code
    }

    /// Without a LOINC code: the first code, else the name.
    private static func key(_ code: CodedConcept) -> String {
        code.codings.first { $0.code != nil }?.code ?? code.displayName
    }

    private static func result(_ row: Row, loinc: String?, of observation: Observation, collected: Date, isNew: Bool, sex: AdministrativeGender) -> LabResult {
        let judged = ResultRangeRule.judge(loinc: loinc, value: row.value?.quantity, ranges: row.ranges, interpretation: row.interpretation, sex: sex)
        var result = LabResult(
            observationID: observation.id, collected: collected, value: value(row.value, observation), flag: judged.flag,
            status: observation.status, range: judged.range, performer: observation.performer, notes: observation.notes, isNew: isNew
        )
        result.isWardRange = judged.isWardRange
        return result
    }

    private static func value(_ value: Observation.Value?, _ observation: Observation) -> LabResult.Value {
        switch value {
        case .quantity(let quantity)?: return .quantity(quantity)
        case .integer(let number)?: return .quantity(Quantity(value: Decimal(number)))
        case .concept(let concept)?: return .text(concept.displayName)
        case .string(let text)?: return .text(text)
        case .boolean(let flag)?: return .text(flag ? "yes" : "no")
        case let .range(low, high)?:
            let unit = (high?.unit ?? low?.unit).map { " " + $0 } ?? ""
            return .text([low, high].map { $0.map { "\($0.value)" } ?? "" }.joined(separator: "–") + unit)
        case nil:
            if let reason = observation.dataAbsentReason { return .absent(reason.displayName) }
            switch observation.status {
            case .registered: return .absent("pending")
            case .cancelled: return .absent("cancelled")
            default: return .none
            }
        }
    }

    /// Two different tests that shorten to one name show their full names.
    private static func withDistinctNames(_ panel: ResultPanel) -> ResultPanel {
        var panel = panel
        let counts = Dictionary(panel.tests.map { ($0.name, 1) }, uniquingKeysWith: +)
        for index in panel.tests.indices where counts[panel.tests[index].name, default: 0] > 1 {
            panel.tests[index].name = panel.tests[index].fullName
        }
        panel.tests.sort { TestNameOrder.precedes($0.name, $1.name) }
        return panel
    }
}

private extension Observation {
    /// Only groups others: members, and no value, reason or components of its own.
    var isPanel: Bool { !memberIDs.isEmpty && value == nil && dataAbsentReason == nil && components.isEmpty }

    /// A vital sign: reading a vital sign's LOINC code files it as one whatever category the
    /// sender gave it (`ObservationMapping`), so the category alone says.
    var isVitalSign: Bool { category == .vitalSigns }
}

private extension CodedConcept {
    /// Carries a vital sign's LOINC code (a blood pressure half, a heart rate).
    var isVitalSign: Bool { codings.contains { $0.system == CodeSystem.loinc && $0.code.flatMap(VitalSign.init(loinc:)) != nil } }
}

private extension ResultPanel {
    var newest: Date { tests.compactMap { $0.results.first?.collected }.max() ?? .distantPast }
}
