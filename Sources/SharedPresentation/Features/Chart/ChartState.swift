import CoreDomain
import CoreUseCases

/// Data that arrives later than the screen that needs it. A loaded value is boxed: charts
/// are large, and the state is copied through every update's frames (debug builds keep many
/// copies on a worker thread's small stack).
public enum Loadable<Value: Equatable & Sendable>: Equatable, Sendable {
    case loading
    indirect case loaded(Value)
    case failed(String)

    public var value: Value? {
        if case let .loaded(value) = self { value } else { nil }
    }
}

/// What a finished chart load delivers, one tab's worth.
public enum ChartContent: Equatable, Sendable {
    case summary(PatientSummary)
    case encounters([EncounterItem])
    case vitals(VitalsHistory)
    case medications(MedicationList)
    case results(ResultsWorksheet)

    var tab: ChartTab {
        switch self {
        case .summary: .summary
        case .encounters: .encounters
        case .vitals: .vitals
        case .medications: .medications
        case .results: .results
        }
    }
}

/// One patient's open chart. The summary is always loaded because the banner and the
/// allergy status it carries must show on every tab.
public struct ChartState: Equatable, Sendable {
    public var patientID: String
    /// The list row, so the banner can name the patient before the summary arrives.
    public var listEntry: PatientListEntry
    public var tab: ChartTab = .summary
    public var summary: Loadable<PatientSummary> = .loading
    public var encounters: Loadable<[EncounterItem]>?
    public var vitals: Loadable<VitalsHistory>?
    /// The Meds tab's own state (its orders and whether the MAR is shown); nil until shown.
    public var medications: MedicationsState?
    /// The Results tab's own state (its worksheet, chosen test and columns); nil until shown.
    public var results: ResultsState?
    /// First visible line of each tab's body.
    public var scroll: [ChartTab: Int] = [:]
    /// The highlighted encounter on the Encounters tab, and whether its details are open.
    public var selectedEncounter = 0
    public var isEncounterDetailOpen = false
    /// The highlighted round (table row) on the Vitals tab: what `x` marks entered in error.
    public var selectedRound = 0
    /// Some records of this chart failed their integrity check and are not shown, so an
    /// absence (no allergies, no problems) cannot be trusted.
    public var isIncomplete = false

    public init(listEntry: PatientListEntry) {
        self.patientID = listEntry.id
        self.listEntry = listEntry
    }

    /// True when `tab` has been asked for (loading, loaded or failed).
    func isRequested(_ tab: ChartTab) -> Bool {
        switch tab {
        case .summary: true
        case .encounters: encounters != nil
        case .vitals: vitals != nil
        case .medications: medications != nil
        case .results: results != nil
        }
    }

    mutating func markLoading(_ tab: ChartTab) {
        switch tab {
        case .summary: summary = .loading
        case .encounters: encounters = .loading
        case .vitals: vitals = .loading
        case .medications: medications = medications ?? MedicationsState()
        case .results: results = results ?? ResultsState()
        }
    }

    mutating func receive(_ content: ChartContent) {
        switch content {
        case let .summary(value): summary = .loaded(value)
        case let .encounters(value): encounters = .loaded(value)
        case let .vitals(value): vitals = .loaded(value)
        case let .medications(value): medications = medications ?? MedicationsState(); medications?.list = .loaded(value)
        case let .results(value): results = results ?? ResultsState(); results?.worksheet = .loaded(value)
        }
    }

    mutating func fail(_ tab: ChartTab, message: String) {
        switch tab {
        case .summary: summary = .failed(message)
        case .encounters: encounters = .failed(message)
        case .vitals: vitals = .failed(message)
        case .medications: medications = medications ?? MedicationsState(); medications?.list = .failed(message)
        case .results: results = results ?? ResultsState(); results?.worksheet = .failed(message)
        }
    }
}
