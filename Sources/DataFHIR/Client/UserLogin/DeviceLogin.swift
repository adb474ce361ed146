import Foundation

/// The device authorization grant (RFC 8628) for a terminal with no browser: the server gives
/// a short user code, the user approves it at the verification address on any device, and
/// this client polls the token endpoint until the user has answered. The wait between polls
/// is injected (tests decide without sleeping); a wait that throws (Ctrl-C, a cancelled task)
/// ends the login with nothing stored.
public struct DeviceLogin: Sendable {
    public typealias Wait = @Sendable (TimeInterval) async throws -> Void

    private let client: FHIRClient
    private let wait: Wait
    private let now: @Sendable () -> Date

    public init(
        client: FHIRClient, wait: @escaping Wait = { try await Task.sleep(for: .seconds($0)) },
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.client = client
        self.wait = wait
        self.now = now
    }

    /// Asks the device authorization endpoint for a user code (public client: `client_id` in
    /// the form; `aud` the FHIR base, as in the code flow).
    public func start(endpoint: URL, clientID: String, scope: String, audience: URL) async throws(FHIRClientError) -> DeviceAuthorization {
        let kind = FHIRRequestKind(resourceType: nil, interaction: "device authorization")
        let form = [("client_id", clientID), ("scope", scope), ("aud", audience.absoluteString)]
        let request = HTTPRequest(
            method: "POST", url: endpoint, headers: ["Accept": "application/json", "Content-Type": "application/x-www-form-urlencoded"],
            body: Data(FormEncoding.encode(form).utf8), timeout: client.timeout)
        let response = try await client.exchangeWithoutAuthorization(request, kind: kind)
        guard let authorization = DeviceAuthorization(answer: try ResponseCheck(kind: kind).document(from: response).root) else {
            throw .badResponse(request: kind.description, reason: "the answer lacks device_code, user_code, verification_uri or expires_in")
        }
        return authorization
    }

    /// Polls until the user approved (the session), or the login ended (why, in the user's
    /// terms). A server that cannot be reached ends it with the client's own error.
    public func session(
        for authorization: DeviceAuthorization, clientID: String, tokenEndpoint: URL
    ) async throws(FHIRClientError) -> Result<UserSession, UserLoginError> {
        let endpoint = UserTokenEndpoint(client: client, now: now)
        var polling = DevicePolling(authorization, issuedAt: now())
        var decision = polling.first(now: now())
        while true {
            guard case .wait(let seconds) = decision else { break }
            do { try await wait(seconds) } catch { return .failure(.noAnswer) }
            do {
                return .success(try await endpoint.redeem(device: authorization, clientID: clientID, tokenEndpoint: tokenEndpoint))
            } catch .rejected(_, let status, let error, let description) where status == 400 || status == 401 {
                decision = polling.after(error: error, description: description, now: now())
            }
        }
        guard case .stop(let reason) = decision else { return .failure(.noAnswer) }
        return .failure(reason)
    }
}
