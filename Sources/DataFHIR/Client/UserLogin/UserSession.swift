import Foundation

/// One user's login at one server: the tokens (access, refresh, id), when the access token
/// stops working, and where to renew it, so a later `emr sync` renews without discovery.
public struct UserSession: Sendable, Equatable, Codable {
    /// Renew this long before the access token expires, so no request goes out with a dying token.
    public static let renewalMargin: TimeInterval = 60

    public var clientID: String
    public var tokenEndpoint: URL
    public var accessToken: String
    public var expiresAt: Date
    public var refreshToken: String?
    /// When the refresh token ends, for a server that says so (`refresh_expires_in`, as
    /// Keycloak does); nil when it does not: then only the server knows.
    public var refreshExpiresAt: Date?
    public var idToken: String?
    public var scope: String?
    /// The clinician's name from their Practitioner, read once at login (for the header).
    public var userName: String?
    /// Where `emr logout` revokes the tokens (RFC 7009), from the login's discovery; nil when
    /// the server offers no revocation.
    public var revocationEndpoint: URL?

    public init(
        clientID: String, tokenEndpoint: URL, accessToken: String, expiresAt: Date, refreshToken: String? = nil,
        idToken: String? = nil, scope: String? = nil
    ) {
        self.clientID = clientID
        self.tokenEndpoint = tokenEndpoint
        self.accessToken = accessToken
        self.expiresAt = expiresAt
        self.refreshToken = refreshToken
        self.idToken = idToken
        self.scope = scope
    }

    /// True from a minute before expiry on: the next request renews first.
    public func needsRenewal(now: Date) -> Bool {
        expiresAt.timeIntervalSince(now) < Self.renewalMargin
    }

    /// Whether the server may still honour this session: its access token is live, or a
    /// refresh token not past its announced end can renew it (the server may still refuse,
    /// which the next request finds).
    public func isUsable(now: Date) -> Bool {
        canRenew(now: now) || !needsRenewal(now: now)
    }

    private func canRenew(now: Date) -> Bool {
        guard refreshToken != nil else { return false }
        return refreshExpiresAt.map { now < $0 } ?? true
    }

    /// The user of record: the id token's `fhirUser` claim (a Practitioner reference). The id
    /// token came straight from the token endpoint over the connection the client opened, so
    /// its claims are read without checking the signature (OpenID Connect Core 3.1.3.7).
    public var fhirUser: String? {
        guard let payload = idToken?.split(separator: ".").dropFirst().first,
            let data = Base64URL.decode(String(payload)),
            let claims = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
        else { return nil }
        return claims["fhirUser"] as? String
    }
}

/// Where a user's session is kept between runs: only ever the encrypted cache (DataLocal).
public protocol UserSessionStore: Sendable {
    func load() -> UserSession?
    func save(_ session: UserSession)
    func remove()
}
