import Foundation

extension FHIRClient {
    /// PUTs `resource` to `base/type/id`: an update with a client-chosen id, so sending the
    /// same resource again replaces it instead of adding a second copy. Same retry rules as a
    /// read; only a 2xx answer counts as stored.
    ///
    /// `ifMatch` is the server's `meta.versionId` the resource was made from: sent as
    /// `If-Match: W/"<versionId>"`, so a server holding a newer version refuses (412) instead of
    /// being overwritten with a change to an older one. Nil for a resource this client creates.
    public func update(type: String, id: String, resource: Data, ifMatch: String? = nil) async throws(FHIRClientError) {
        var headers = ["Accept": Self.acceptedContentType, "Content-Type": Self.acceptedContentType]
        if let ifMatch { headers["If-Match"] = #"W/"\#(ifMatch)""# }
        let request = HTTPRequest(method: "PUT", url: url("\(type)/\(id)"), headers: headers, body: resource, timeout: timeout)
        _ = try await exchange(request, kind: .update(type))
    }
}
