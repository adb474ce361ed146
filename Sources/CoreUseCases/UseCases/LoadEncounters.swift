import CoreDomain

/// The encounters tab: every encounter but those entered in error, newest first, with
/// location names (ward / room / bed) and practitioner names resolved, and what was recorded
/// in each (`EncounterRecords`) for its details.
public struct LoadEncounters: Sendable {
    private let chart: any ChartRepository

    public init(chart: any ChartRepository) {
        self.chart = chart
    }

    public func callAsFunction(patientID: String) async throws -> [EncounterItem] {
        let encounters = RecentEncounterRule.shown(try await chart.encounters(patientID: patientID))
        var items = try await EncounterItemLoader(chart: chart).items(for: encounters)
        guard !items.isEmpty else { return items }
        let records = try await EncounterRecordsLoader(chart: chart).records(patientID: patientID)
        for index in items.indices {
            items[index].records = records[items[index].id] ?? EncounterRecords()
        }
        return items
    }
}
