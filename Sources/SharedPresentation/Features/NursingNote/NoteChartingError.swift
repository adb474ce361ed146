import Foundation

/// Why a nurse's note could not be stored, in the nurse's terms.
public enum NoteChartingError: Error, Hashable, Sendable, LocalizedError {
    /// This session has nowhere to store notes.
    case noOutbox

    public var errorDescription: String? {
        switch self {
        case .noOutbox: "this session cannot save notes (no outbox): restart emr normally"
        }
    }
}
