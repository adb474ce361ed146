import COpenSSL

/// An OpenSSL algorithm fetched once for the process. Fetching on every call costs a provider
/// lookup under a lock; fetched objects are immutable and atomically reference-counted, so one
/// can be shared by all threads. They live as long as the process and are never freed.
final class FetchedAlgorithm: @unchecked Sendable {
    let pointer: OpaquePointer
    let name: String

    private init?(_ pointer: OpaquePointer?, name: String) {
        guard let pointer else { return nil }
        self.pointer = pointer
        self.name = name
    }

    static let aes256GCM = FetchedAlgorithm(EVP_CIPHER_fetch(nil, "AES-256-GCM", nil), name: "AES-256-GCM")
    static let hmac = FetchedAlgorithm(EVP_MAC_fetch(nil, "HMAC", nil), name: "HMAC")
    static let scrypt = FetchedAlgorithm(EVP_KDF_fetch(nil, "SCRYPT", nil), name: "scrypt")
    static let hkdf = FetchedAlgorithm(EVP_KDF_fetch(nil, "HKDF", nil), name: "HKDF")
}
