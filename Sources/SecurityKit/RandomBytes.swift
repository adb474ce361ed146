import COpenSSL
import Foundation

/// `count` bytes from OpenSSL's CSPRNG, for salts and nonces.
public func randomBytes(_ count: Int) -> Data {
    var data = Data(count: count)
    data.withUnsafeMutableBytes { fillRandom($0) }
    return data
}

/// Fills `buffer` from RAND_bytes. A failing CSPRNG leaves no safe way to continue (every key and
/// nonce would be predictable), so it stops the process rather than returning weak bytes.
func fillRandom(_ buffer: UnsafeMutableRawBufferPointer) {
    guard let base = buffer.baseAddress, !buffer.isEmpty else { return }
    guard RAND_bytes(base.assumingMemoryBound(to: UInt8.self), Int32(buffer.count)) == 1 else {
        fatalError(openSSLFailure("random number generation"))
    }
}
