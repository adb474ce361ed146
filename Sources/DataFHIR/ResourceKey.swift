/// A resource's identity within one source: `Patient/123`.
struct ResourceKey: Hashable, Sendable, CustomStringConvertible {
    var type: String
    var id: String

    var description: String { "\(type)/\(id)" }

    /// A FHIR resource type name: an ASCII capital followed by ASCII letters.
    static func isResourceType(_ text: Substring) -> Bool {
        guard let first = text.utf8.first, first &- UInt8(ascii: "A") < 26 else { return false }
        return text.utf8.allSatisfy { $0 &- UInt8(ascii: "A") < 26 || $0 &- UInt8(ascii: "a") < 26 }
    }

    /// A FHIR `id`: 1 to 64 of `A-Z a-z 0-9 - .`. Anything else could not round-trip through
    /// a reference such as `Patient/<id>`.
    static func isID(_ text: Substring) -> Bool {
        (1...64).contains(text.utf8.count) && text.utf8.allSatisfy {
            $0 &- UInt8(ascii: "A") < 26 || $0 &- UInt8(ascii: "a") < 26 || $0 &- UInt8(ascii: "0") < 10
                || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".")
        }
    }

    /// `Type/id` or `Type/id/_history/v` at the end of a relative reference or URL path.
    init?(referencePath text: Substring) {
        var rest = text
        guard var id = Self.popSegment(&rest), var type = Self.popSegment(&rest) else { return nil }
        if type == "_history" {
            guard let historyID = Self.popSegment(&rest), let historyType = Self.popSegment(&rest) else { return nil }
            (type, id) = (historyType, historyID)
        }
        guard Self.isResourceType(type), Self.isID(id) else { return nil }
        self.init(type: String(type), id: String(id))
    }

    /// Removes and returns the last `/`-separated segment of `text`; nil once nothing is left.
    private static func popSegment(_ text: inout Substring) -> Substring? {
        guard !text.isEmpty else { return nil }
        guard let slash = text.utf8.lastIndex(of: UInt8(ascii: "/")) else {
            defer { text = text.prefix(0) }
            return text
        }
        let segment = text[text.utf8.index(after: slash)...]
        text = text[..<slash]
        return segment
    }

    init(type: String, id: String) {
        self.type = type
        self.id = id
    }
}
