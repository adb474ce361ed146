import CoreDomain
import CoreUseCases

/// What a tab reads its content from: the chart's records, and the ward's settings a tab's
/// use case needs (the MAR's administration times); and what a tab keeps about being opened
/// (when this user last viewed the results, so newer ones are marked new in the list). The
/// effect runner holds one.
public struct ChartSources: Sendable {
    public let chart: any ChartRepository
    public let administrationTimes: WardAdministrationTimes
    /// The patient list, refreshed when opening a tab changes a row (its new-results marker).
    public let directory: (any PatientDirectory)?
    /// When this user opened each patient's Results tab; nil keeps no views (nothing is marked new).
    public let resultViews: (any ResultViews)?

    public init(
        chart: any ChartRepository, administrationTimes: WardAdministrationTimes = WardAdministrationTimes(),
        directory: (any PatientDirectory)? = nil, resultViews: (any ResultViews)? = nil
    ) {
        self.chart = chart
        self.administrationTimes = administrationTimes
        self.directory = directory
        self.resultViews = resultViews
    }
}
