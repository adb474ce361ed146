/// Building JSON values for resources the workstation writes itself (audit events, charted
/// vital signs): members keep the order given, which is the order they are written.
extension JSONValue {
    static func fields(_ members: [(String, JSONValue)]) -> JSONValue {
        .object(JSONObject(members: members.map { (key: $0.0, value: $0.1) }, byteRange: 0..<0))
    }

    /// A Coding.
    static func coding(system: String, code: String, display: String) -> JSONValue {
        fields([("system", .string(system)), ("code", .string(code)), ("display", .string(display))])
    }

    /// A CodeableConcept of the given codings.
    static func concept(_ codings: [JSONValue]) -> JSONValue {
        fields([("coding", .array(codings))])
    }
}
