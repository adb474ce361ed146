/// A parsed JSON value. Numbers keep their original text so FHIR decimals stay exact
/// (`0.5` is never routed through a binary float); objects keep their members in source
/// order and the byte range they were read from, so a resource can be stored as received.
enum JSONValue: Sendable {
    case null
    case bool(Bool)
    /// The number exactly as written, already checked against the JSON number grammar.
    case number(String)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// The JSON type name used in problem messages ("expected number, found string").
    var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}

/// A JSON object: members in source order (keys are unique; the parser rejects repeats).
struct JSONObject: Sendable {
    var members: [(key: String, value: JSONValue)]
    /// Where the object's text sits in the parsed buffer, from `{` to `}` inclusive.
    var byteRange: Range<Int>

    /// FHIR resources have a few dozen members at most, so a linear scan beats hashing.
    subscript(key: String) -> JSONValue? {
        for member in members where member.key == key { return member.value }
        return nil
    }
}
