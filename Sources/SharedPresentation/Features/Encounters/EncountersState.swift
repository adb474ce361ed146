import CoreUseCases

/// The Encounters tab: the patient's encounters, the highlighted one, and whether its
/// details are open.
public struct EncountersState: Equatable, Sendable {
    public var list: Loadable<[EncounterItem]> = .loading
    /// Index into the list: the highlighted encounter, what `Enter` opens.
    public var selected = 0
    public var isDetailOpen = false

    public init() {}
}
