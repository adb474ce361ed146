import CoreDomain
import CoreUseCases

/// What happens to the ward's due list.
public enum WardDosesAction: Equatable, Sendable {
    case key(InputKey)
    case loaded(WardDoseList)
    /// `message` is one line without PHI.
    case failed(String)
}

/// What the due list tells the workstation.
public enum WardDosesDelegate: Equatable, Sendable {
    /// Esc: back to where the list was opened from.
    case close
    /// Enter on a patient: their MAR.
    case openMAR(PatientListEntry)
}

/// What the due list needs of the screen: where it is drawn, to page and keep the chosen
/// patient in view.
public struct WardDosesContext: Sendable {
    public var width: Int
    public var height: Int
    public var view: ViewContext

    public init(width: Int, height: Int, view: ViewContext) {
        self.width = width
        self.height = height
        self.view = view
    }
}
