/// Bounds on what one read accepts, so hostile or broken input ends in a problem message,
/// never in exhausted memory or stack.
public struct FHIRLimits: Sendable, Hashable {
    /// Largest single resource (one NDJSON line, one Bundle entry, one resource file).
    public var maxResourceBytes: Int
    /// Deepest nesting inside one resource; the resource object itself is level 1.
    public var maxResourceDepth: Int
    /// Largest JSON document (a Bundle) read into memory at once; its parsed form takes about
    /// six times its size. NDJSON is streamed line by line and has no limit.
    public var maxDocumentBytes: Int

    public init(maxResourceBytes: Int = 16 << 20, maxResourceDepth: Int = 64, maxDocumentBytes: Int = 256 << 20) {
        self.maxResourceBytes = maxResourceBytes
        self.maxResourceDepth = maxResourceDepth
        self.maxDocumentBytes = maxDocumentBytes
    }

    /// Bundle, entry array and entry object wrap each resource in a Bundle.
    static let bundleWrapperDepth = 3

    /// "16 MB" for messages.
    static func megabytes(_ bytes: Int) -> String {
        bytes % (1 << 20) == 0 ? "\(bytes >> 20) MB" : "\(bytes) bytes"
    }
}
