/// Why a sealed record could not be sealed or opened.
public enum SealError: Error, Equatable, CustomStringConvertible {
    /// Too short to be a sealed record, or a format version this build does not know.
    case malformed
    /// The tag did not verify: the record was altered, or moved to another context (row, field).
    case authenticationFailed
    /// OpenSSL failed (out of memory, algorithm unavailable).
    case crypto(String)

    public var description: String {
        switch self {
        case .malformed: "The encrypted record is damaged or from an unknown format version."
        case .authenticationFailed: "The encrypted record failed its integrity check: it was altered or moved."
        case .crypto(let reason): "Encryption failed: \(reason)."
        }
    }
}
