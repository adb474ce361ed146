import Foundation

extension FHIRClient {
    /// DELETEs `base/type/id`. Same retry rules as a read; a 2xx answer, or a 404 or 410 (it
    /// is gone already), counts as deleted.
    public func delete(type: String, id: String) async throws(FHIRClientError) {
        let request = HTTPRequest(method: "DELETE", url: url("\(type)/\(id)"), headers: ["Accept": Self.acceptedContentType], timeout: timeout)
        do {
            _ = try await exchange(request, kind: FHIRRequestKind(resourceType: type, interaction: "delete"))
        } catch .rejected(_, let status, _, _) where status == 404 || status == 410 {
            return
        }
    }

}
