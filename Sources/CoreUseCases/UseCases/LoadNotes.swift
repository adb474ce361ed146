import CoreDomain

/// The chart's notes: every note, newest first, each with its author's name (each author read
/// once). A note entered in error is among them, to be shown marked: a correction never makes
/// a note vanish.
public struct LoadNotes: Sendable {
    private let chart: any ChartRepository

    public init(chart: any ChartRepository) {
        self.chart = chart
    }

    public func callAsFunction(patientID: String) async throws -> [NoteItem] {
        let notes = try await chart.notes(patientID: patientID)
        var authors: [String: Practitioner] = [:]
        for id in Set(notes.compactMap(\.authorID)) {
            authors[id] = try await chart.practitioner(id: id)
        }
        return notes.map { NoteItem(note: $0, author: $0.authorID.flatMap { authors[$0] }) }.sorted(by: NoteItem.newestFirst)
    }
}
