/// Supplies the `Authorization` header. After a 401 the client passes the header the server
/// refused: the authorizer renews only if that is still its current one, so requests in
/// flight together that all meet an expired token cause one renewal, not one each.
public protocol RequestAuthorizer: Sendable {
    func authorization(refused: String?) async throws(FHIRClientError) -> String
    /// The server refused even the renewed token: a user's session is then over.
    func refusedAfterRenewal() async
}

extension RequestAuthorizer {
    /// A client's own credentials (Backend Services) stay; the next run asks again.
    public func refusedAfterRenewal() async {}
}
