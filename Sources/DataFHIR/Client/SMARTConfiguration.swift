import Foundation

/// Where and how to get a token, from SMART discovery.
public struct SMARTConfiguration: Sendable, Hashable {
    public var tokenEndpoint: URL
    /// `client_secret_basic`, `client_secret_post`, `private_key_jwt`; empty when not declared.
    public var authMethods: [String]

    public init(tokenEndpoint: URL, authMethods: [String] = []) {
        self.tokenEndpoint = tokenEndpoint
        self.authMethods = authMethods
    }
}

extension FHIRClient {
    /// Reads `base/.well-known/smart-configuration`; when the server has none (or answers
    /// with something else), falls back to the token endpoint in the CapabilityStatement's
    /// security extension. The token endpoint must be at the FHIR server's own origin (scheme,
    /// host and port): the client secret or assertion is never sent to another server, nor
    /// over plain http when the FHIR server is https.
    public func discoverSMART() async throws(FHIRClientError) -> SMARTConfiguration {
        let kind = FHIRRequestKind(resourceType: nil, interaction: "SMART discovery")
        var configuration: SMARTConfiguration?
        let request = HTTPRequest(url: url(".well-known/smart-configuration"), headers: ["Accept": "application/json"], timeout: timeout)
        if let response = try? await exchangeWithoutAuthorization(request, kind: kind),
            let document = try? ResponseCheck(kind: kind).document(from: response),
            let endpoint = ((try? document.root.string("token_endpoint")) ?? nil).flatMap(URL.init(string:))
        {
            configuration = SMARTConfiguration(tokenEndpoint: endpoint, authMethods: (try? document.root.strings("token_endpoint_auth_methods_supported")) ?? [])
        } else if let endpoint = try await capabilities().tokenEndpoint {
            configuration = SMARTConfiguration(tokenEndpoint: endpoint)
        }
        guard let configuration else {
            throw .unauthorized(request: kind.description, reason: "the server declares no SMART token endpoint")
        }
        let endpointOrigin = Origin(configuration.tokenEndpoint)
        guard endpointOrigin == Origin(baseURL) else {
            throw .unauthorized(request: kind.description, reason: "the token endpoint is on another server (\(endpointOrigin)); refused")
        }
        return configuration
    }

    /// Discovery and token requests go out without a bearer token, retried like any other request.
    func exchangeWithoutAuthorization(_ request: HTTPRequest, kind: FHIRRequestKind) async throws(FHIRClientError) -> HTTPResponse {
        var plain = self
        plain.authorizer = nil
        return try await plain.exchange(request, kind: kind)
    }
}
