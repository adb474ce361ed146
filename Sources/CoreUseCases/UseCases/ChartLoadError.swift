import Foundation

/// Why a chart could not be opened, in the user's terms. Messages carry no patient data.
public enum ChartLoadError: Error, Hashable, Sendable, LocalizedError {
    case patientNotFound

    public var errorDescription: String? {
        switch self {
        case .patientNotFound:
            "This patient is not in the local record any more. Refresh the patient list, then open the chart again."
        }
    }
}
