import Foundation

/// Why charting or a correction was not done, in the user's terms. No patient data.
public enum VitalsChartingError: Error, Hashable, Sendable, LocalizedError {
    case nothingEntered
    case reasonMissing
    case reasonTooLong(maximum: Int)
    case nothingToCorrect

    public var errorDescription: String? {
        switch self {
        case .nothingEntered: "nothing entered: type at least one value, or press Esc to leave"
        case .reasonMissing: "a reason is needed to mark values entered in error"
        case let .reasonTooLong(maximum): "the reason is too long: keep it under \(maximum) characters"
        case .nothingToCorrect: "these values are already marked entered in error"
        }
    }
}
