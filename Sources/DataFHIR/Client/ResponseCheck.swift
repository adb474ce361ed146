import Foundation

/// Turns an HTTP answer into a usable FHIR document or a precise error. Everything the
/// server sent that is not FHIR JSON (an HTML error page from a proxy, `text/plain`, JSON
/// cut off mid-way) is refused here, before anything reaches the cache.
struct ResponseCheck {
    let kind: FHIRRequestKind

    func document(from response: HTTPResponse) throws(FHIRClientError) -> FHIRDocument {
        let contentType = response.header("Content-Type")?.lowercased() ?? ""
        if contentType.contains("html") || Self.looksLikeHTML(response.body) {
            throw .badResponse(request: kind.description, reason: "the server sent an HTML page, not FHIR JSON")
        }
        guard contentType.contains("json") else {
            let shown = contentType.isEmpty ? "none" : String(contentType.prefix(60))
            throw .badResponse(request: kind.description, reason: "content type \(shown), expected \(FHIRClient.acceptedContentType)")
        }
        if let declared = response.header("Content-Length").flatMap(Int.init), declared > response.body.count {
            throw .badResponse(request: kind.description, reason: "the answer was cut off (\(response.body.count) of \(declared) bytes)")
        }
        guard let root = FHIRDocument.parseObject(response.body) else {
            throw .badResponse(request: kind.description, reason: "the answer is not valid JSON (malformed or cut off)")
        }
        return FHIRDocument(data: response.body, root: root, serverDate: response.header("Date").flatMap(HTTPDate.parse))
    }

    /// The error for a final non-2xx answer, with the OperationOutcome's issue code and
    /// diagnostics when there is one (an OAuth token endpoint's `error`, RFC 6749 5.2, stands
    /// in for the code). `authorized`: the request carried a SMART token, so a
    /// 403 is about its scopes; without one it is not (it claimed a missing scope).
    func failure(for response: HTTPResponse, authorized: Bool) -> FHIRClientError {
        let outcome = FHIRDocument.parseObject(response.body).map { ElementReader($0) }
        let issue = (try? outcome?.objects("issue"))?.first
        let code = ((try? issue?.string("code")) ?? nil) ?? ((try? outcome?.string("error")) ?? nil)
        let diagnostics = (try? issue?.string("diagnostics")) ?? nil
        switch response.status {
        case 300...399:
            // The transport follows redirects within the server; this one led elsewhere.
            let target = response.header("Location").flatMap(URL.init(string:)).map { Origin($0).description } ?? "no address given"
            return .redirected(request: kind.description, origin: target)
        case 401:
            return .unauthorized(request: kind.description, reason: "the server did not accept the access token")
        case 403 where authorized:
            return .forbidden(request: kind.description, scope: kind.requiredScope)
        case 403:
            return .unauthorized(request: kind.description, reason: "the server refused it without credentials (HTTP 403)")
        default:
            return .rejected(request: kind.description, status: response.status, issue: code, serverDiagnostics: diagnostics)
        }
    }

    private static func looksLikeHTML(_ body: Data) -> Bool {
        let head = String(decoding: body.prefix(64), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        return head.hasPrefix("<!doctype html") || head.hasPrefix("<html")
    }
}
