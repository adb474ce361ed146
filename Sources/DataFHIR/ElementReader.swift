import CoreDomain
import Foundation

/// A JSON object inside a resource together with the path that leads to it. Every accessor
/// is strict about type (a string where a number belongs is a problem naming the path) and
/// quiet about members it is not asked for, which is how unknown elements and extensions
/// are ignored.
struct ElementReader: Sendable {
    let object: JSONObject
    let path: JSONPath

    init(_ object: JSONObject, path: JSONPath = .root) {
        self.object = object
        self.path = path
    }

    func problem(_ key: String, _ message: String) -> ElementProblem {
        ElementProblem(path: path.appending(key), message: message)
    }

    private func mismatch(_ key: String, expected: String, found: JSONValue) -> ElementProblem {
        problem(key, "expected \(expected), found \(found.typeName)")
    }

    // MARK: Primitives

    /// An optional string; an empty one counts as absent (FHIR forbids empty strings, and
    /// empty text carries nothing that could be shown wrongly).
    func string(_ key: String) throws(ElementProblem) -> String? {
        guard let value = object[key] else { return nil }
        guard case .string(let text) = value else { throw mismatch(key, expected: "string", found: value) }
        return text.isEmpty ? nil : text
    }

    func requiredString(_ key: String) throws(ElementProblem) -> String {
        guard let text = try string(key) else { throw problem(key, "missing") }
        guard text.contains(where: { !$0.isWhitespace }) else { throw problem(key, "is blank") }
        return text
    }

    func bool(_ key: String) throws(ElementProblem) -> Bool? {
        guard let value = object[key] else { return nil }
        guard case .bool(let flag) = value else { throw mismatch(key, expected: "boolean", found: value) }
        return flag
    }

    func decimal(_ key: String) throws(ElementProblem) -> Decimal? {
        guard let text = try numberText(key) else { return nil }
        switch DecimalText.decimal(text) {
        case .success(let value): return value
        case .failure(let reason): throw problem(key, reason.message)
        }
    }

    func integer(_ key: String) throws(ElementProblem) -> Int? {
        guard let text = try numberText(key) else { return nil }
        switch DecimalText.integer(text) {
        case .success(let value): return value
        case .failure(let reason): throw problem(key, reason.message)
        }
    }

    private func numberText(_ key: String) throws(ElementProblem) -> String? {
        guard let value = object[key] else { return nil }
        guard case .number(let text) = value else { throw mismatch(key, expected: "number", found: value) }
        return text
    }

    /// A primitive array such as `given`. Nulls are skipped: FHIR writes them as placeholders
    /// when a sibling `_given` array carries extensions for some items.
    func strings(_ key: String) throws(ElementProblem) -> [String] {
        guard let value = object[key] else { return [] }
        guard case .array(let items) = value else { throw mismatch(key, expected: "array", found: value) }
        var result: [String] = []
        for (index, item) in items.enumerated() {
            switch item {
            case .string(let text): if !text.isEmpty { result.append(text) }
            case .null: continue
            default: throw ElementProblem(path: path.appending(key).appending(index: index), message: "expected string, found \(item.typeName)")
            }
        }
        return result
    }

    // MARK: Complex elements

    func object(_ key: String) throws(ElementProblem) -> ElementReader? {
        guard let value = object[key] else { return nil }
        guard case .object(let child) = value else { throw mismatch(key, expected: "object", found: value) }
        return ElementReader(child, path: path.appending(key))
    }

    func requiredObject(_ key: String) throws(ElementProblem) -> ElementReader {
        guard let child = try object(key) else { throw problem(key, "missing") }
        return child
    }

    /// A repeating complex element; FHIR JSON writes it as an array even with one item.
    func objects(_ key: String) throws(ElementProblem) -> [ElementReader] {
        guard let value = object[key] else { return [] }
        guard case .array(let items) = value else { throw mismatch(key, expected: "array", found: value) }
        let arrayPath = path.appending(key)
        var result: [ElementReader] = []
        result.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            guard case .object(let child) = item else {
                throw ElementProblem(path: arrayPath.appending(index: index), message: "expected object, found \(item.typeName)")
            }
            result.append(ElementReader(child, path: arrayPath.appending(index: index)))
        }
        return result
    }

    // MARK: Codes and dates

    func code<Code: FHIRCode>(_ key: String, as type: Code.Type = Code.self) throws(ElementProblem) -> Code? {
        guard let text = try string(key) else { return nil }
        guard let code = Code.byFHIRCode[text] else { throw problem(key, unknownCodeMessage(text, expected: Code.codeList)) }
        return code
    }

    func requiredCode<Code: FHIRCode>(_ key: String, as type: Code.Type = Code.self) throws(ElementProblem) -> Code {
        guard let code = try code(key, as: type) else { throw problem(key, "missing") }
        return code
    }

    func dateTime(_ key: String) throws(ElementProblem) -> Date? {
        try parsedDate(key, precision: .dateTime, expected: "a FHIR dateTime (YYYY, YYYY-MM, YYYY-MM-DD or YYYY-MM-DDThh:mm:ss with Z or ±hh:mm)")
    }

    func instant(_ key: String) throws(ElementProblem) -> Date? {
        try parsedDate(key, precision: .instant, expected: "a FHIR instant (YYYY-MM-DDThh:mm:ss with Z or ±hh:mm)")
    }

    private func parsedDate(_ key: String, precision: FHIRDateTime.Precision, expected: String) throws(ElementProblem) -> Date? {
        guard let text = try string(key) else { return nil }
        guard let date = FHIRDateTime.date(text, precision: precision) else { throw problem(key, "expected \(expected)") }
        return date
    }

    func date(_ key: String) throws(ElementProblem) -> PartialDate? {
        guard let text = try string(key) else { return nil }
        guard let date = FHIRDateTime.partialDate(text) else { throw problem(key, "expected a FHIR date (YYYY, YYYY-MM or YYYY-MM-DD)") }
        return date
    }

    /// The member names present for a choice element `prefix[x]` (`valueQuantity`, `valueString`...).
    /// More than one is a problem: FHIR allows exactly one, and picking one would hide the other.
    func choice(_ prefix: String) throws(ElementProblem) -> String? {
        var found: String?
        for member in object.members where Self.isChoice(member.key, of: prefix) {
            if found != nil { throw problem("\(prefix)[x]", "more than one \(prefix)[x] element") }
            found = member.key
        }
        return found
    }

    /// `valueQuantity` is a choice of `value`: the prefix, then an ASCII capital.
    private static func isChoice(_ key: String, of prefix: String) -> Bool {
        var keyBytes = key.utf8.makeIterator()
        for byte in prefix.utf8 where keyBytes.next() != byte { return false }
        guard let next = keyBytes.next() else { return false }
        return next &- UInt8(ascii: "A") < 26
    }
}

/// "unknown code "x" (expected one of a, b)".
func unknownCodeMessage(_ code: String, expected: String) -> String {
    "unknown code \(quotedCode(code)) (expected one of \(expected))"
}

/// `"x"` when `text` looks like a code (short, letters, digits, `-._`); otherwise a
/// placeholder, so that a stray value (possibly patient data) never reaches a message.
func quotedCode(_ text: String) -> String {
    let looksLikeCode = text.utf8.count <= 40 && text.utf8.allSatisfy { byte in
        byte &- UInt8(ascii: "a") < 26 || byte &- UInt8(ascii: "A") < 26 || byte &- UInt8(ascii: "0") < 10
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
    }
    return looksLikeCode ? "\"\(text)\"" : "(value not shown)"
}
