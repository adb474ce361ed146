import CoreUseCases

/// The Encounters tab: the patient's encounters, the highlighted one, and whether its
/// details, or the chart's notes, are open.
public struct EncountersState: Equatable, Sendable {
    public var list: Loadable<EncounterList> = .loading
    /// Index into the list: the highlighted encounter, what `Enter` opens.
    public var selected = 0
    public var isDetailOpen = false
    /// Every note of the chart, newest first, in place of the list.
    public var isNotesOpen = false

    public init() {}
}
