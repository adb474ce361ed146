import CoreDomain

/// The encounters tab: every encounter but those entered in error, newest first, with
/// location names (ward / room / bed) and practitioner names resolved, and what was recorded
/// in each (`EncounterRecords`) for its details; and the chart's notes, newest first.
public struct LoadEncounters: Sendable {
    private let chart: any ChartRepository

    public init(chart: any ChartRepository) {
        self.chart = chart
    }

    public func callAsFunction(patientID: String) async throws -> EncounterList {
        let encounters = RecentEncounterRule.shown(try await chart.encounters(patientID: patientID))
        var items = try await EncounterItemLoader(chart: chart).items(for: encounters)
        let notes = try await LoadNotes(chart: chart)(patientID: patientID)
        let records = try await EncounterRecordsLoader(chart: chart).records(patientID: patientID, notes: notes)
        for index in items.indices {
            items[index].records = records[items[index].id] ?? EncounterRecords()
        }
        return EncounterList(items: items, notes: notes)
    }
}
