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
