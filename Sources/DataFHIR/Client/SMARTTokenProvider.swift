import Foundation

/// Gets, keeps and renews the SMART Backend Services access token (client_credentials
/// grant). A stored token is reused until a minute before it expires; a 401 from the FHIR
/// server asks for a fresh one once, however many requests met the refused token.
public actor SMARTTokenProvider: RequestAuthorizer {
    /// Renew this long before the token expires, so no request goes out with a dying token.
    public static let renewalMargin: TimeInterval = 60

    private let client: FHIRClient
    private let credentials: ClientCredentials
    private let scope: String
    private let store: (any TokenStore)?
    private let now: @Sendable () -> Date
    private var configuration: SMARTConfiguration?
    private var token: AccessToken?
    private var renewal: Task<Result<AccessToken, FHIRClientError>, Never>?
    /// Token requests made (for reports and tests).
    public private(set) var tokensRequested = 0

    public init(
        client: FHIRClient, credentials: ClientCredentials, scope: String, store: (any TokenStore)? = nil,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.client = client
        self.credentials = credentials
        self.scope = scope
        self.store = store
        self.now = now
    }

    public func authorization(refused: String?) async throws(FHIRClientError) -> String {
        if token == nil { token = store?.load() }
        if let token, refused != Self.header(token), token.expiresAt.timeIntervalSince(now()) >= Self.renewalMargin {
            return Self.header(token)
        }
        return Self.header(try await renewed())
    }

    private static func header(_ token: AccessToken) -> String { "Bearer " + token.value }

    /// A fresh token, stored; callers arriving while one is being requested wait for that one
    /// (the actor is re-entered at each `await`, so without this each would ask for its own).
    private func renewed() async throws(FHIRClientError) -> AccessToken {
        if let renewal { return try await renewal.value.get() }
        let request = Task<Result<AccessToken, FHIRClientError>, Never> {
            do throws(FHIRClientError) { return .success(try await self.requestToken()) } catch { return .failure(error) }
        }
        renewal = request
        let result = await request.value
        renewal = nil
        let fresh = try result.get()
        token = fresh
        store?.save(fresh)
        return fresh
    }

    private func requestToken() async throws(FHIRClientError) -> AccessToken {
        let kind = FHIRRequestKind(resourceType: nil, interaction: "token request")
        if configuration == nil { configuration = try await client.discoverSMART() }
        guard let endpoint = configuration?.tokenEndpoint else { throw .unauthorized(request: kind.description, reason: "no token endpoint") }
        var form = [("grant_type", "client_credentials"), ("scope", scope)]
        var headers = ["Accept": "application/json", "Content-Type": "application/x-www-form-urlencoded"]
        switch credentials {
        case .secretBasic(let id, let secret):
            headers["Authorization"] = "Basic " + Data("\(FormEncoding.component(id)):\(FormEncoding.component(secret))".utf8).base64EncodedString()
        case .secretPost(let id, let secret):
            form += [("client_id", id), ("client_secret", secret)]
        case .privateKeyJWT(let id, let signer):
            let assertion: String
            do {
                assertion = try ClientAssertion.make(clientID: id, audience: endpoint, signer: signer, now: now())
            } catch {
                throw .unauthorized(request: kind.description, reason: "the private key could not sign the client assertion")
            }
            form += [("client_assertion_type", "urn:ietf:params:oauth:client-assertion-type:jwt-bearer"), ("client_assertion", assertion)]
        }
        let body = FormEncoding.encode(form)
        let request = HTTPRequest(method: "POST", url: endpoint, headers: headers, body: Data(body.utf8), timeout: client.timeout)
        tokensRequested += 1
        let response: HTTPResponse
        do {
            response = try await client.exchangeWithoutAuthorization(request, kind: kind)
        } catch .rejected(_, let status, _, _) {
            throw .unauthorized(request: kind.description, reason: "the token endpoint refused the client (HTTP \(status))")
        } catch .unauthorized {
            throw .unauthorized(request: kind.description, reason: "the token endpoint refused the client credentials")
        }
        let document = try ResponseCheck(kind: kind).document(from: response)
        guard let value = (try? document.root.string("access_token")) ?? nil else {
            throw .badResponse(request: kind.description, reason: "the token answer has no access_token")
        }
        let lifetime = ((try? document.root.integer("expires_in")) ?? nil).map(TimeInterval.init) ?? 300
        return AccessToken(value: value, expiresAt: now().addingTimeInterval(lifetime), scope: (try? document.root.string("scope")) ?? nil)
    }
}
