import COpenSSL
import Foundation

/// SHA-256 of `data`; unkeyed, so it detects damage, not deliberate edits (and makes the PKCE
/// challenge, which must be exactly this hash).
public func sha256(_ data: Data) -> Data {
    var digest = Data(count: 32)
    let ok = data.withUnsafeBytes { input in
        digest.withUnsafeMutableBytes { output in
            var length: UInt32 = 0
            return EVP_Digest(input.baseAddress, input.count, mutableBytes(output), &length, EVP_sha256(), nil) == 1 && length == 32
        }
    }
    guard ok else { fatalError(openSSLFailure("SHA-256")) }
    return digest
}
