import CoreDomain

/// Which list a medication order belongs in.
///
/// Active: status active or on hold (an order on hold still stands and can resume, so it stays
/// in view; the status tells it apart). Stopped: stopped, completed or cancelled. Draft and
/// unknown are neither: a draft is not yet in force and "unknown" cannot be called stopped, so
/// they are listed apart. Entered-in-error orders never existed and are never shown.
public enum ActiveMedicationRule {
    public enum Section: Sendable, Hashable, CaseIterable {
        case active, stopped, other
    }

    /// The list `request` belongs in; nil when it must not be shown.
    public static func section(of request: MedicationRequest) -> Section? {
        switch request.status {
        case .active, .onHold: .active
        case .stopped, .completed, .cancelled: .stopped
        case .draft, .unknown: .other
        case .enteredInError: nil
        }
    }
}
