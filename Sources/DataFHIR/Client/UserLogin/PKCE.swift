import Foundation

/// The proof key of a public client's authorization code (RFC 7636), S256 only: SMART App
/// Launch 2 forbids `plain`, which would send the secret itself through the browser. The
/// hash comes from the caller (SecurityKit's OpenSSL), since this layer does no cryptography.
public struct PKCE: Sendable, Equatable {
    public static let method = "S256"
    /// Kept by the client and sent only to the token endpoint.
    public let verifier: String
    /// BASE64URL(SHA256(verifier)), sent in the authorization URL.
    public let challenge: String

    public init(verifier: String, sha256: (Data) -> Data) {
        self.verifier = verifier
        challenge = Base64URL.encode(sha256(Data(verifier.utf8)))
    }

    /// A verifier of 32 random bytes (43 characters, the length RFC 7636 recommends).
    public init(randomBytes: Data, sha256: (Data) -> Data) {
        self.init(verifier: Base64URL.encode(randomBytes), sha256: sha256)
    }
}
