import CoreDomain

/// The encounters tab: every encounter but those entered in error, newest first, with
/// location names (ward / room / bed) and practitioner names resolved.
public struct LoadEncounters: Sendable {
    private let chart: any ChartRepository

    public init(chart: any ChartRepository) {
        self.chart = chart
    }

    public func callAsFunction(patientID: String) async throws -> [EncounterItem] {
        let encounters = RecentEncounterRule.shown(try await chart.encounters(patientID: patientID))
        return try await EncounterItemLoader(chart: chart).items(for: encounters)
    }
}
