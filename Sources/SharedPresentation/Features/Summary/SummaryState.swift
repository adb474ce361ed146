import CoreUseCases

/// The Summary tab: the patient's summary, which the chart also reads for the banner on
/// every tab (so it is asked for with every chart).
public struct SummaryState: Equatable, Sendable {
    public var summary: Loadable<PatientSummary> = .loading

    public init() {}
}
