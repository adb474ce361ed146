import CoreUseCases

/// The Meds tab: the patient's orders, or (`m`) the MAR: the doses of the last 24 hours and
/// the rest of today with where each one stands; on the MAR `↑↓` choose a dose and `r` records it.
public struct MedicationsState: Equatable, Sendable {
    public var list: Loadable<MedicationList> = .loading
    /// The MAR is shown instead of the orders.
    public var isMARShown = false
    /// The chosen dose on the MAR (an index into its doses): what `r` records.
    public var chosenDose = 0

    public init(list: Loadable<MedicationList> = .loading, isMARShown: Bool = false) {
        self.list = list
        self.isMARShown = isMARShown
    }
}
