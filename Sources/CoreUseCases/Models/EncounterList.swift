import CoreDomain

/// The Encounters tab's content: the encounters, newest first, each with what was recorded in
/// it, and every note of the chart newest first (those written outside any encounter too),
/// for the chart's notes view.
public struct EncounterList: Hashable, Sendable {
    public var items: [EncounterItem]
    public var notes: [NoteItem]

    public init(items: [EncounterItem], notes: [NoteItem] = []) {
        self.items = items
        self.notes = notes
    }
}
