import CoreUseCases

/// The Vitals tab: the patient's vital signs (a table of rounds and the trends), and the
/// highlighted round, which `x` marks entered in error.
public struct VitalsState: Equatable, Sendable {
    public var history: Loadable<VitalsHistory> = .loading
    /// Index into the rounds, newest first: the highlighted table row.
    public var selectedRound = 0

    public init() {}
}
