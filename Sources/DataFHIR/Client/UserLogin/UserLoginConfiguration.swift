import Foundation

/// What a server's discovery says about logging a user in (SMART App Launch 2): where to send
/// the browser, where to redeem the code, and which flows it offers.
public struct UserLoginConfiguration: Sendable, Equatable {
    public var authorizationEndpoint: URL?
    public var tokenEndpoint: URL?
    /// RFC 8628; nil when the server does not offer the device flow, or when it is plain http
    /// to another host.
    public var deviceAuthorizationEndpoint: URL?
    /// RFC 7009: where `emr logout` ends the session at the server; nil when it has none, or
    /// when it is plain http to another host (a token is never sent there).
    public var revocationEndpoint: URL?
    public var codeChallengeMethods: [String]
    /// Empty when the server does not say (OAuth's default is then the code grant).
    public var grantTypes: [String]

    public init(
        authorizationEndpoint: URL?, tokenEndpoint: URL?, deviceAuthorizationEndpoint: URL? = nil,
        revocationEndpoint: URL? = nil, codeChallengeMethods: [String], grantTypes: [String] = []
    ) {
        self.authorizationEndpoint = authorizationEndpoint
        self.tokenEndpoint = tokenEndpoint
        self.deviceAuthorizationEndpoint = deviceAuthorizationEndpoint.flatMap { Self.isSafe($0) ? $0 : nil }
        self.revocationEndpoint = revocationEndpoint.flatMap { Self.isSafe($0) ? $0 : nil }
        self.codeChallengeMethods = codeChallengeMethods
        self.grantTypes = grantTypes
    }

    /// The flows offered, for the line `emr login` prints.
    public var offeredFlows: [String] {
        var flows: [String] = []
        if missingForCodeFlow == nil { flows.append("authorization code + PKCE S256") }
        if deviceAuthorizationEndpoint != nil { flows.append("device authorization") }
        if grantTypes.contains("refresh_token") { flows.append("refresh tokens") }
        return flows
    }

    /// A login flow's endpoints (where the user is asked, where the token comes from), or why it
    /// cannot be used with this server (one line).
    public enum LoginFlow: Sendable, Equatable {
        case offered(authorization: URL, token: URL)
        case missing(String)
    }

    public var codeFlow: LoginFlow {
        guard let authorization = authorizationEndpoint else {
            return .missing("the server offers no user login (no authorization_endpoint in its discovery)")
        }
        guard let token = tokenEndpoint else { return .missing("the server's discovery names no token_endpoint") }
        if !grantTypes.isEmpty, !grantTypes.contains("authorization_code") {
            return .missing("the server does not offer the authorization code grant (offers: \(grantTypes.joined(separator: ", ")))")
        }
        guard codeChallengeMethods.contains(PKCE.method) else {
            let offered = codeChallengeMethods.isEmpty ? "none declared" : "offers: " + codeChallengeMethods.joined(separator: ", ")
            return .missing("the server does not offer PKCE S256 (\(offered)); a public client cannot log in safely without it")
        }
        if let insecure = [authorization, token].first(where: { !Self.isSafe($0) }) {
            return .missing("the login endpoint \(Origin(insecure)) is plain http on another host; refused")
        }
        return .offered(authorization: authorization, token: token)
    }

    /// The device login's endpoints (RFC 8628), or why it cannot be used with this server.
    public var deviceFlow: LoginFlow {
        guard let device = deviceAuthorizationEndpoint else {
            return .missing("the server offers no device login (no device_authorization_endpoint in its discovery, or it is plain http on another host)")
        }
        guard let token = tokenEndpoint else { return .missing("the server's discovery names no token_endpoint") }
        if !Self.isSafe(token) { return .missing("the login endpoint \(Origin(token)) is plain http on another host; refused") }
        return .offered(authorization: device, token: token)
    }

    /// Why the code + PKCE login cannot be used, in one line; nil when it can.
    public var missingForCodeFlow: String? {
        if case .missing(let reason) = codeFlow { reason } else { nil }
    }

    /// https, or plain http only to this machine's loopback (a test or a local proxy).
    static func isSafe(_ url: URL) -> Bool {
        switch url.scheme?.lowercased() {
        case "https": true
        case "http": ["127.0.0.1", "localhost", "::1", "[::1]"].contains(url.host?.lowercased() ?? "")
        default: false
        }
    }
}

extension UserLoginConfiguration {
    init(discovery root: ElementReader) {
        func url(_ key: String) -> URL? { ((try? root.string(key)) ?? nil).flatMap(URL.init(string:)) }
        func list(_ key: String) -> [String] { (try? root.strings(key)) ?? [] }
        self.init(
            authorizationEndpoint: url("authorization_endpoint"), tokenEndpoint: url("token_endpoint"),
            deviceAuthorizationEndpoint: url("device_authorization_endpoint"), revocationEndpoint: url("revocation_endpoint"),
            codeChallengeMethods: list("code_challenge_methods_supported"), grantTypes: list("grant_types_supported"))
    }
}

extension FHIRClient {
    /// Reads `base/.well-known/smart-configuration`; when the server has none, or it names no
    /// authorization endpoint, the OpenID discovery of its issuer (or of the base itself).
    public func discoverUserLogin() async throws(FHIRClientError) -> UserLoginConfiguration {
        let smart = await discoveryDocument(url(".well-known/smart-configuration"))
        if let smart, (try? smart.string("authorization_endpoint")) ?? nil != nil {
            return UserLoginConfiguration(discovery: smart)
        }
        let issuer = ((try? smart?.string("issuer")) ?? nil).flatMap(URL.init(string:)) ?? baseURL
        let openID = issuer.appendingPathComponent(".well-known/openid-configuration")
        guard let document = await discoveryDocument(openID) else {
            throw .unsupportedServer(reason: "it publishes neither .well-known/smart-configuration nor OpenID discovery; no user login")
        }
        return UserLoginConfiguration(discovery: document)
    }

    private func discoveryDocument(_ url: URL) async -> ElementReader? {
        let kind = FHIRRequestKind(resourceType: nil, interaction: "login discovery")
        let request = HTTPRequest(url: url, headers: ["Accept": "application/json"], timeout: timeout)
        guard let response = try? await exchangeWithoutAuthorization(request, kind: kind) else { return nil }
        return try? ResponseCheck(kind: kind).document(from: response).root
    }
}
