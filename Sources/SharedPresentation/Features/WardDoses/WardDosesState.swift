import CoreUseCases

/// The ward's due list (`d` on the patient list): every dose due, late or coming in the next
/// hour across the census, by bed, the chosen patient's MAR a key away.
public struct WardDosesState: Equatable, Sendable {
    public var list: Loadable<WardDoseList> = .loading
    /// Index into `list.patients`: the highlighted patient, whose MAR `Enter` opens.
    public var selected = 0
    /// First line shown.
    public var scroll = 0

    public init(list: Loadable<WardDoseList> = .loading) {
        self.list = list
    }
}
