/// Why a key file could not be unlocked, read or written.
public enum KeyFileError: Error, Equatable, CustomStringConvertible {
    /// The passphrase does not match the key file.
    case wrongPassphrase
    /// The file is unreadable as a key file: unparseable, truncated, unknown version, bad base64,
    /// or its contents fail their integrity checks (damaged or edited).
    case corrupt(reason: String)
    /// The system failed: reading or writing the file, or the memory key derivation needs.
    case io(String)

    public var description: String {
        switch self {
        case .wrongPassphrase: "The passphrase is wrong. Check it and try again."
        case .corrupt(let reason): "The key file is damaged (\(reason)). Restore it from a backup."
        case .io(let reason): "The key file could not be used: \(reason)."
        }
    }
}
