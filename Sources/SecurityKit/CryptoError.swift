import COpenSSL

/// Failure of a key derivation, as opposed to a sealed record or key file being wrong.
public enum CryptoError: Error, Equatable, CustomStringConvertible {
    /// The caller asked for something OpenSSL would refuse or that could exhaust memory.
    case invalidParameters(String)
    /// OpenSSL itself failed (algorithm unavailable, out of memory).
    case openSSL(String)

    public var description: String {
        switch self {
        case .invalidParameters(let reason): "Invalid key derivation parameters: \(reason)."
        case .openSSL(let reason): "Cryptography failed: \(reason)."
        }
    }
}

/// "`operation` failed: <first OpenSSL error>", emptying OpenSSL's per-thread error queue so a
/// stale error never gets blamed on a later call.
func openSSLFailure(_ operation: String) -> String {
    let code = ERR_get_error()
    ERR_clear_error()
    guard code != 0 else { return "\(operation) failed" }
    var buffer = [CChar](repeating: 0, count: 256)
    ERR_error_string_n(code, &buffer, buffer.count)
    let message = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return "\(operation) failed: \(message)"
}
