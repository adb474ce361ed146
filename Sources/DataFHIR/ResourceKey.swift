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
        var segments = text.split(separator: "/", omittingEmptySubsequences: false)
        if segments.count >= 4, segments[segments.count - 2] == "_history" { segments.removeLast(2) }
        guard segments.count >= 2 else { return nil }
        let type = segments[segments.count - 2]
        let id = segments[segments.count - 1]
        guard Self.isResourceType(type), Self.isID(id) else { return nil }
        self.init(type: String(type), id: String(id))
    }

    init(type: String, id: String) {
        self.type = type
        self.id = id
    }
}
