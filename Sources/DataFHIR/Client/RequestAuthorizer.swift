/// Supplies the `Authorization` header; `renew` asks for a fresh token after a 401.
public protocol RequestAuthorizer: Sendable {
    func authorization(renew: Bool) async throws(FHIRClientError) -> String
}
