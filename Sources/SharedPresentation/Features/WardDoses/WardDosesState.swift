import CoreUseCases

/// The ward's due list (`d` on the patient list): every dose due, late or coming in the next
/// hour across the census, by bed, the chosen patient's MAR a key away.
public struct WardDosesState: Equatable, Sendable {
    public var list: Loadable<WardDoseList> = .loading
    /// The first line shown, and the highlighted patient (an index into `list.patients`), whose
    /// MAR `Enter` opens.
    public var position = ScrollPosition()

    public init(list: Loadable<WardDoseList> = .loading) {
        self.list = list
    }
}
