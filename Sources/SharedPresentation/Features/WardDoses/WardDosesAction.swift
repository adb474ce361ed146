import CoreDomain
import CoreUseCases

/// What happens to the ward's due list.
public enum WardDosesAction: OverlayAction {
    case key(InputKey)
    case loaded(WardDoseList)
    /// `message` is one line without PHI.
    case failed(String)
}
