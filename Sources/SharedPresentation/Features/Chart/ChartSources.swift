import CoreDomain
import CoreUseCases

/// What a tab reads its content from: the chart's records, and the ward's settings a tab's
/// use case needs (the MAR's administration times). The effect runner holds one.
public struct ChartSources: Sendable {
    public let chart: any ChartRepository
    public let administrationTimes: WardAdministrationTimes

    public init(chart: any ChartRepository, administrationTimes: WardAdministrationTimes = WardAdministrationTimes()) {
        self.chart = chart
        self.administrationTimes = administrationTimes
    }
}
