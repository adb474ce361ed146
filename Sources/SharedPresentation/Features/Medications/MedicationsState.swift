import CoreUseCases

/// The Meds tab: the patient's orders, or (`m`) the MAR: the doses of the last 24 hours and
/// the rest of today with where each one stands.
public struct MedicationsState: Equatable, Sendable {
    public var list: Loadable<MedicationList> = .loading
    /// The MAR is shown instead of the orders.
    public var isMARShown = false

    public init(list: Loadable<MedicationList> = .loading, isMARShown: Bool = false) {
        self.list = list
        self.isMARShown = isMARShown
    }
}
