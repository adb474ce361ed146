import Foundation

/// How the workstation proves who it is to the token endpoint (SMART Backend Services).
public enum ClientCredentials: Sendable {
    /// `client_secret_basic`: id and secret in an HTTP Basic header.
    case secretBasic(clientID: String, secret: String)
    /// `client_secret_post`: id and secret in the form body.
    case secretPost(clientID: String, secret: String)
    /// `private_key_jwt`: a short-lived JWT signed with the client's private key.
    case privateKeyJWT(clientID: String, signer: any JWTSigning)

    public var clientID: String {
        switch self {
        case .secretBasic(let id, _), .secretPost(let id, _), .privateKeyJWT(let id, _): id
        }
    }
}

/// Signs JWS input with the client's private key (SecurityKit implements it with OpenSSL;
/// DataFHIR only assembles the token).
public protocol JWTSigning: Sendable {
    /// `RS384` or `ES384`.
    var algorithm: String { get }
    /// The key id the server knows the public key by (`kid`).
    var keyID: String { get }
    /// The JWS signature over `input` (for ES384, `r || s`, 96 bytes).
    func sign(_ input: Data) throws -> Data
}

/// The `client_assertion` JWT: `iss` = `sub` = client id, `aud` = token endpoint, unique
/// `jti`, `exp` under five minutes ahead (SMART caps it at five).
enum ClientAssertion {
    static let lifetime: TimeInterval = 240

    static func make(clientID: String, audience: URL, signer: any JWTSigning, now: Date = Date()) throws -> String {
        let header: [String: Any] = ["alg": signer.algorithm, "typ": "JWT", "kid": signer.keyID]
        let claims: [String: Any] = [
            "iss": clientID, "sub": clientID, "aud": audience.absoluteString, "jti": UUID().uuidString,
            "exp": Int(now.timeIntervalSince1970 + lifetime), "iat": Int(now.timeIntervalSince1970),
        ]
        let input = try Base64URL.encode(JSONSerialization.data(withJSONObject: header, options: .sortedKeys)) + "."
            + Base64URL.encode(JSONSerialization.data(withJSONObject: claims, options: .sortedKeys))
        return input + "." + Base64URL.encode(try signer.sign(Data(input.utf8)))
    }
}
