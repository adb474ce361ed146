import Foundation

/// Every page of one search, decoded.
public struct SearchResult: Sendable {
    public var resources: [DecodedResource] = []
    /// Resources that could not be read, and the server's own OperationOutcome issues.
    public var problems: [FHIRProblem] = []
    public var pages = 0
    /// The search stopped at its page limit with a `next` link unfollowed.
    public var hasMorePages = false
    /// The server's clock when the search began (first page's Bundle `meta.lastUpdated`,
    /// else its `Date` header), as a FHIR instant: the next incremental sync starts there.
    public var serverTime: String?

    public init() {}
}

extension FHIRClient {
    /// Pages one search may take, whatever the caller allows: far beyond a real census (10,000
    /// pages of 100 is a million resources), near enough that a server whose paging never
    /// ends stops a sync instead of holding it (and the sync lock) forever.
    public static let searchPageLimit = 10_000

    /// Searches `type` with `parameters`, `pageSize` per page (`_count`), following the
    /// Bundle's `next` links. A `next` link to another scheme, host or port is refused: a
    /// server (or whoever tampered with its answer) must not steer the client, and the token
    /// it carries, elsewhere. So is one back to a page already fetched (a loop), and a search
    /// past `searchPageLimit` pages. At most `maxPages` pages are fetched; with `budget`, each
    /// page is charged to it and no next page is asked for past it.
    public func search(
        _ type: String, _ parameters: [URLQueryItem], pageSize: Int = 100, maxPages: Int = .max, budget: FetchBudget? = nil
    ) async throws(FHIRClientError) -> SearchResult {
        let kind = FHIRRequestKind.search(type)
        var result = SearchResult()
        var next: URL? = url(type, query: parameters + [URLQueryItem(name: "_count", value: String(pageSize))])
        var fetched: Set<URL> = []
        while let pageURL = next {
            guard result.pages < maxPages else {
                result.hasMorePages = true
                break
            }
            guard fetched.insert(pageURL).inserted else {
                throw .badResponse(request: kind.description, reason: "the server's next-page link leads back to a page already fetched (after page \(result.pages))")
            }
            guard result.pages < Self.searchPageLimit else {
                throw .badResponse(request: kind.description, reason: "the server's paging did not end after \(Self.searchPageLimit) pages")
            }
            if result.pages > 0 { try budget?.checkTime() }
            let page = try await get(pageURL, kind: kind)
            guard page.resourceType == "Bundle" else {
                throw .badResponse(request: kind.description, reason: "expected a Bundle, got \(page.resourceType ?? "no resourceType")")
            }
            result.pages += 1
            if result.pages == 1 {
                let stamp = (try? page.root.object("meta")?.string("lastUpdated")) ?? nil
                result.serverTime = stamp ?? page.serverDate.map(HTTPDate.fhirInstant)
            }
            let read = FHIRReader().read(page.data, file: "\(type) search page \(result.pages)")
            try budget?.charge(read.resources.count, pageSize: pageSize)
            result.resources += read.resources
            result.problems += read.problems
            next = try nextPage(of: page, kind: kind)
        }
        return result
    }

    private func nextPage(of page: FHIRDocument, kind: FHIRRequestKind) throws(FHIRClientError) -> URL? {
        let links = (try? page.root.objects("link")) ?? []
        guard let text = links.first(where: { (try? $0.string("relation")) == "next" }).flatMap({ try? $0.string("url") }) else { return nil }
        guard let link = URL(string: text, relativeTo: baseURL)?.absoluteURL else {
            throw .badResponse(request: kind.description, reason: "the next-page link is not a URL")
        }
        guard Origin(link) == Origin(baseURL) else {
            throw .foreignLink(request: kind.description, host: Origin(link).description)
        }
        return link
    }
}
