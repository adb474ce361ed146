import Foundation

/// A JSON answer from the server: the bytes as received (for the FHIR reader, which keeps
/// resources exactly as sent) and the parsed top-level object (for paging links, metadata).
public struct FHIRDocument: Sendable {
    public let data: Data
    let root: ElementReader
    /// The server's `Date` header, the clock sync watermarks come from.
    public let serverDate: Date?

    init(data: Data, root: JSONObject, serverDate: Date?) {
        self.data = data
        self.root = ElementReader(root)
        self.serverDate = serverDate
    }

    public var resourceType: String? { try? root.string("resourceType") }

    /// Parses `data` as one JSON object; nil when it is not one.
    static func parseObject(_ data: Data) -> JSONObject? {
        let depth = FHIRLimits().maxResourceDepth + FHIRLimits.bundleWrapperDepth
        let value = data.withUnsafeBytes { bytes in
            try? JSONParser.parse(bytes.assumingMemoryBound(to: UInt8.self), maxDepth: depth).value
        }
        guard case .object(let object)? = value else { return nil }
        return object
    }
}
