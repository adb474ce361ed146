import Foundation

extension FHIRClient {
    /// PUTs `resource` to `base/type/id`: an update with a client-chosen id, so sending the
    /// same resource again replaces it instead of adding a second copy. Same retry rules as a
    /// read; only a 2xx answer counts as stored.
    public func update(type: String, id: String, resource: Data) async throws(FHIRClientError) {
        let request = HTTPRequest(
            method: "PUT", url: url("\(type)/\(id)"),
            headers: ["Accept": Self.acceptedContentType, "Content-Type": Self.acceptedContentType], body: resource, timeout: timeout)
        _ = try await exchange(request, kind: .update(type))
    }
}
