import Foundation

/// The address the user's browser opens to log in (SMART App Launch 2, standalone launch):
/// `response_type=code`, the public client, the registered redirect, the scopes, a fresh
/// `state`, `aud` = the FHIR base (so a token is never minted for another server) and the
/// PKCE S256 challenge.
public struct AuthorizationRequest: Sendable, Equatable {
    public var endpoint: URL
    public var clientID: String
    public var redirectURI: URL
    public var scope: String
    public var state: String
    public var audience: URL
    public var pkce: PKCE

    public init(endpoint: URL, clientID: String, redirectURI: URL, scope: String, state: String, audience: URL, pkce: PKCE) {
        self.endpoint = endpoint
        self.clientID = clientID
        self.redirectURI = redirectURI
        self.scope = scope
        self.state = state
        self.audience = audience
        self.pkce = pkce
    }

    public var url: URL {
        let query = FormEncoding.encode([
            ("response_type", "code"), ("client_id", clientID), ("redirect_uri", redirectURI.absoluteString),
            ("scope", scope), ("state", state), ("aud", audience.absoluteString),
            ("code_challenge", pkce.challenge), ("code_challenge_method", PKCE.method),
        ])
        guard var components = URLComponents(url: endpoint, resolvingAgainstBaseURL: false) else { return endpoint }
        let existing = components.percentEncodedQuery
        components.percentEncodedQuery = [existing, query].compactMap { $0 }.joined(separator: "&")
        return components.url ?? endpoint
    }

    /// The code in what came back: the redirect address (from the loopback listener, or pasted
    /// by the user) or the bare code pasted alone. A redirect must carry this login's `state`;
    /// a bare code has none to check, and is bound to this login by the PKCE verifier instead.
    public func code(fromAnswer answer: String) throws(UserLoginError) -> String {
        let text = answer.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { throw .noCode }
        if !text.contains("?"), !text.contains("=") {
            guard text.unicodeScalars.allSatisfy(Self.codeCharacters.contains) else { throw .noCode }
            return text
        }
        let query = text.split(separator: "?", maxSplits: 1).dropFirst().first.map(String.init) ?? text
        let items = URLComponents(string: "?" + query.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0])?.queryItems ?? []
        func value(_ name: String) -> String? { items.first { $0.name == name }?.value }
        if let error = value("error") {
            throw .refused(error: error, description: value("error_description"))
        }
        guard value("state") == state else { throw .stateMismatch }
        guard let code = value("code"), !code.isEmpty else { throw .noCode }
        return code
    }

    /// What an authorization code may contain (RFC 6749: visible ASCII); a pasted line with
    /// anything else is not a bare code.
    private static let codeCharacters = CharacterSet(charactersIn: Unicode.Scalar(0x21)...Unicode.Scalar(0x7E))
}
