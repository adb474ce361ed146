import Foundation

/// The token endpoint's grants for a logged-in user: redeeming the authorization code (with
/// the PKCE verifier) or the device code (RFC 8628), and renewing with the refresh token. A public client: no secret,
/// `client_id` in the form.
public struct UserTokenEndpoint: Sendable {
    private let client: FHIRClient
    private let now: @Sendable () -> Date

    public init(client: FHIRClient, now: @escaping @Sendable () -> Date = { Date() }) {
        self.client = client
        self.now = now
    }

    public func redeem(
        code: String, request: AuthorizationRequest, tokenEndpoint: URL
    ) async throws(FHIRClientError) -> UserSession {
        let form = [
            ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", request.redirectURI.absoluteString),
            ("client_id", request.clientID), ("code_verifier", request.pkce.verifier),
        ]
        let blank = UserSession(clientID: request.clientID, tokenEndpoint: tokenEndpoint, accessToken: "", expiresAt: now())
        return try await post(form, updating: blank, interaction: "login")
    }

    /// One poll of the device login: the session once the user approved; until then the
    /// server's refusal as it is (`.rejected` with `authorization_pending`, `slow_down`, ...),
    /// for DevicePolling to decide on.
    public func redeem(
        device: DeviceAuthorization, clientID: String, tokenEndpoint: URL
    ) async throws(FHIRClientError) -> UserSession {
        let form = [("grant_type", DeviceAuthorization.grantType), ("device_code", device.deviceCode), ("client_id", clientID)]
        let blank = UserSession(clientID: clientID, tokenEndpoint: tokenEndpoint, accessToken: "", expiresAt: now())
        return try await exchange(form, updating: blank, interaction: "device login")
    }

    /// A renewed session; a refresh token or id token the answer leaves out is kept.
    public func refresh(_ session: UserSession) async throws(FHIRClientError) -> UserSession {
        guard let refreshToken = session.refreshToken else {
            throw .loginRequired(reason: "the session expired and cannot be renewed")
        }
        let form = [("grant_type", "refresh_token"), ("refresh_token", refreshToken), ("client_id", session.clientID)]
        return try await post(form, updating: session, interaction: "session renewal")
    }

    /// Ends the session at the server (RFC 7009): the refresh token (the server then ends the
    /// access tokens issued with it), else the access token. The server answers 200 even for a
    /// token it no longer knows, so a failure here is the server refusing or not answering.
    public func revoke(_ session: UserSession, at endpoint: URL) async throws(FHIRClientError) {
        let (token, hint) = session.refreshToken.map { ($0, "refresh_token") } ?? (session.accessToken, "access_token")
        let form = [("token", token), ("token_type_hint", hint), ("client_id", session.clientID)]
        let kind = FHIRRequestKind(resourceType: nil, interaction: "token revocation")
        let request = HTTPRequest(
            method: "POST", url: endpoint, headers: ["Content-Type": "application/x-www-form-urlencoded"],
            body: Data(FormEncoding.encode(form).utf8), timeout: client.timeout)
        _ = try await client.exchangeWithoutAuthorization(request, kind: kind)
    }

    /// A token request whose refusal means the user must log in again.
    private func post(
        _ form: [(String, String)], updating session: UserSession, interaction: String
    ) async throws(FHIRClientError) -> UserSession {
        do {
            return try await exchange(form, updating: session, interaction: interaction)
        } catch .rejected(_, _, "invalid_grant", _) {
            throw .loginRequired(reason: "the server ended the session (its refresh token expired or was revoked)")
        } catch .rejected(_, let status, _, _) {
            throw .loginRequired(reason: "the server refused the \(interaction) (HTTP \(status))")
        } catch .unauthorized {
            throw .loginRequired(reason: "the server refused the \(interaction)")
        }
    }

    private func exchange(
        _ form: [(String, String)], updating session: UserSession, interaction: String
    ) async throws(FHIRClientError) -> UserSession {
        let kind = FHIRRequestKind(resourceType: nil, interaction: interaction)
        let headers = ["Accept": "application/json", "Content-Type": "application/x-www-form-urlencoded"]
        let request = HTTPRequest(
            method: "POST", url: session.tokenEndpoint, headers: headers, body: Data(FormEncoding.encode(form).utf8), timeout: client.timeout)
        let response = try await client.exchangeWithoutAuthorization(request, kind: kind)
        let root = try ResponseCheck(kind: kind).document(from: response).root
        guard let access = (try? root.string("access_token")) ?? nil else {
            throw .badResponse(request: kind.description, reason: "the token answer has no access_token")
        }
        var renewed = session
        renewed.accessToken = access
        let lifetime = ((try? root.integer("expires_in")) ?? nil).map(TimeInterval.init) ?? 300
        renewed.expiresAt = now().addingTimeInterval(lifetime)
        if let refresh = (try? root.string("refresh_token")) ?? nil {
            renewed.refreshToken = refresh
            // Keycloak's `refresh_expires_in` (0: no end, its offline tokens); others say nothing.
            let refreshLifetime = ((try? root.integer("refresh_expires_in")) ?? nil).flatMap { $0 > 0 ? TimeInterval($0) : nil }
            renewed.refreshExpiresAt = refreshLifetime.map { now().addingTimeInterval($0) }
        }
        renewed.idToken = ((try? root.string("id_token")) ?? nil) ?? session.idToken
        renewed.scope = ((try? root.string("scope")) ?? nil) ?? session.scope
        return renewed
    }
}
