import CoreDomain
import Foundation

/// The summary tab of a chart: banner, allergy status, active problems, latest vitals, critical
/// lab results of the last 72 hours, active medications, the last three encounters, vaccines,
/// recent procedures, care plans and goals, each chosen by its rule in `Rules/`.
public struct LoadPatientSummary: Sendable {
    private let chart: any ChartRepository
    private let now: @Sendable () -> Date

    /// How far back a critical result stays on the summary.
    public static let criticalResultWindow: TimeInterval = 72 * 3600

    /// Collected within the critical-result window before `now` (and not more than an hour
    /// after it, a clock a little ahead): on the Summary, and the list row's `C`.
    public static func isRecent(_ collected: Date, now: Date) -> Bool {
        now.timeIntervalSince(collected) <= criticalResultWindow && collected <= now.addingTimeInterval(3600)
    }

    public init(chart: any ChartRepository, now: @escaping @Sendable () -> Date = Date.init) {
        self.chart = chart
        self.now = now
    }

    /// Throws `ChartLoadError.patientNotFound` when the patient is not in the repository.
    public func callAsFunction(patientID: String) async throws -> PatientSummary {
        async let patientResult = chart.patient(id: patientID)
        async let encountersResult = chart.encounters(patientID: patientID)
        async let allergies = chart.allergies(patientID: patientID)
        async let conditions = chart.conditions(patientID: patientID)
        async let observations = chart.observations(patientID: patientID, category: nil)
        async let medications = chart.medicationRequests(patientID: patientID)
        async let immunizations = chart.immunizations(patientID: patientID)
        async let procedures = chart.procedures(patientID: patientID)
        async let carePlans = chart.carePlans(patientID: patientID)
        async let goals = chart.goals(patientID: patientID)
        guard let patient = try await patientResult else { throw ChartLoadError.patientNotFound }
        let encounters = try await encountersResult

        let current = RecentEncounterRule.current(encounters)
        let recent = RecentEncounterRule.recent(encounters)
        let items = try await EncounterItemLoader(chart: chart).items(for: recent + [current].compactMap { $0 })
        let itemsByID = Dictionary(items.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })

        let allergyStatus = AllergyStatus(entries: try await allergies)
        let active = MedicationList(requests: try await medications).active
        var summary = PatientSummary(
            banner: PatientBanner(patient: patient, currentEncounter: current.flatMap { itemsByID[$0.id] }),
            allergyStatus: allergyStatus,
            activeProblems: ActiveProblemRule.activeProblems(in: try await conditions),
            latestVitals: LatestVitalRule.latest(from: try await observations.filter { $0.category == .vitalSigns }),
            activeMedications: active,
            recentEncounters: recent.compactMap { itemsByID[$0.id] })
        summary.allergyConflicts = AllergyConflictRule.conflicts(active, allergyStatus)
        summary.criticalResults = Self.criticalResults(try await observations, now: now(), sex: patient.gender)
        let age = patient.birthDate.flatMap { PatientAge.years(born: $0, at: now()) }
        summary.latestNEWS2 = NEWS2RoundBuilder.rounds(from: try await observations, age: age).first
        summary.isSpO2TargetSet = SpO2TargetRule.isSet(in: try await observations)
        summary.vaccines = VaccineHistoryRule.history(try await immunizations)
        summary.recentProcedures = RecentProcedureRule.recent(try await procedures)
        summary.carePlans = CarePlanRule.active(try await carePlans)
        summary.goals = CarePlanRule.active(try await goals)
        return summary
    }

    /// Lab results flagged critical (`HH`, `LL`, `AA`, as the Results tab judges them) collected
    /// in the last 72 hours, one line per test with its critical values newest first; `sex`
    /// for the ward's ranges of results sent without one.
    static func criticalResults(_ observations: [Observation], now: Date, sex: AdministrativeGender = .unknown) -> [ResultTest] {
        let recent = observations.filter { observation in
            observation.category == .laboratory && observation.effective.map { isRecent($0, now: now) } == true
        }
        return LoadResults.worksheet(observations: recent, reports: [], sex: sex).tests.compactMap { test in
            var test = test
            test.results = test.results.filter { !$0.isEnteredInError && $0.flag.severity == 2 }
            return test.results.isEmpty ? nil : test
        }
    }
}
