/// Why a text is not JSON, and where: a byte offset into the parsed buffer.
struct JSONParseError: Error, Sendable {
    var offset: Int
    var message: String
    /// The text may be valid JSON, but it is nested deeper than the reader accepts.
    var isTooDeep = false
}

/// A strict RFC 8259 parser over UTF-8 bytes. Hand-written rather than JSONSerialization so
/// that numbers keep their exact text, nesting is capped before it can exhaust the stack
/// (recursion depth never exceeds `maxDepth`), repeated member names are refused instead of
/// silently shadowed, and no bridging through NSDictionary slows a 100k-resource import.
struct JSONParser {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private let maxDepth: Int
    /// Step over a value nested past `maxDepth` instead of failing the whole text.
    private let skipsTooDeep: Bool
    /// The deepest nesting seen: 1 for a flat object, 2 when it holds an array or object...
    private(set) var deepest = 0
    /// Offsets of the values stepped over for their depth (each stands as `null` in the result).
    private var tooDeep: [Int] = []

    /// Object members beyond this count are checked for repeats with a set instead of a scan.
    private static let linearKeyCheckLimit = 16

    private init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int, skipsTooDeep: Bool) {
        self.bytes = bytes
        self.maxDepth = maxDepth
        self.skipsTooDeep = skipsTooDeep
    }

    /// Parses exactly one JSON value filling `bytes` (surrounding whitespace allowed). A value
    /// nested past `maxDepth` fails the parse, unless `skippingTooDeep`: then it is stepped
    /// over (still bounded: no recursion, nothing built), stands as `null`, and its offset is
    /// in `tooDeep`, so a Bundle can drop the one entry that holds it and keep the rest.
    static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int, skippingTooDeep: Bool = false
    ) throws(JSONParseError) -> (value: JSONValue, deepest: Int, tooDeep: [Int]) {
        var parser = JSONParser(bytes: bytes, maxDepth: maxDepth, skipsTooDeep: skippingTooDeep)
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw parser.failure("unexpected text after the end of the JSON value") }
        return (value, parser.deepest, parser.tooDeep)
    }

    private func failure(_ message: String) -> JSONParseError {
        JSONParseError(offset: index, message: message)
    }

    /// The current byte, or 0 at the end (0 is never valid JSON outside a string).
    private var current: UInt8 { index < bytes.count ? bytes[index] : 0 }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func parseValue(depth: Int) throws(JSONParseError) -> JSONValue {
        skipWhitespace()
        switch current {
        case UInt8(ascii: "{") where skipsTooDeep && depth >= maxDepth, UInt8(ascii: "[") where skipsTooDeep && depth >= maxDepth:
            return try skipTooDeep()
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        case 0: throw failure(index < bytes.count ? "unexpected NUL byte" : "unexpected end of input")
        default: throw failure("unexpected character where a value should start")
        }
    }

    private mutating func enter(depth: Int) throws(JSONParseError) {
        guard depth <= maxDepth else { throw JSONParseError(offset: index, message: "nested deeper than \(maxDepth) levels", isTooDeep: true) }
        deepest = max(deepest, depth)
        index += 1
    }

    /// Steps over the object or array at `index` by counting brackets (strings read whole, so
    /// a bracket inside one does not count): constant stack and memory however deep it goes.
    private mutating func skipTooDeep() throws(JSONParseError) -> JSONValue {
        tooDeep.append(index)
        var open = 0
        repeat {
            guard index < bytes.count else { throw failure("unexpected end of input") }
            switch bytes[index] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                open += 1
                index += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                open -= 1
                index += 1
            case UInt8(ascii: "\""):
                _ = try parseString()
            default:
                index += 1
            }
        } while open > 0
        return .null
    }

    private mutating func parseObject(depth: Int) throws(JSONParseError) -> JSONValue {
        let start = index
        try enter(depth: depth)
        var members: [(key: String, value: JSONValue)] = []
        // Most FHIR objects (codings, quantities, references) have two to four members.
        members.reserveCapacity(4)
        var keySet: Set<String>?
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            index += 1
            return .object(JSONObject(members: members, byteRange: start..<index))
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw failure("expected a member name in quotes") }
            let keyStart = index
            let key = try parseString()
            let repeated: Bool
            if members.count < Self.linearKeyCheckLimit {
                repeated = members.contains { $0.key == key }
            } else {
                if keySet == nil { keySet = Set(members.map(\.key)) }
                repeated = keySet?.insert(key).inserted == false
            }
            if repeated { throw JSONParseError(offset: keyStart, message: "member \(quotedCode(key)) appears twice in one object") }
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw failure("expected ':' after a member name") }
            index += 1
            members.append((key, try parseValue(depth: depth)))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                return .object(JSONObject(members: members, byteRange: start..<index))
            default: throw failure("expected ',' or '}' in an object")
            }
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONParseError) -> JSONValue {
        try enter(depth: depth)
        var elements: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            elements.append(try parseValue(depth: depth))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                return .array(elements)
            default: throw failure("expected ',' or ']' in an array")
            }
        }
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        let count = literal.utf8CodeUnitCount
        guard bytes.count - index >= count else { throw failure("unexpected end of input") }
        for offset in 0..<count where bytes[index + offset] != literal.utf8Start[offset] {
            throw failure("unexpected character where a value should start")
        }
        index += count
    }

    private mutating func skipDigits() {
        while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 { index += 1 }
    }

    private mutating func parseNumber() throws(JSONParseError) -> JSONValue {
        let start = index
        if current == UInt8(ascii: "-") { index += 1 }
        switch current {
        case UInt8(ascii: "0"): index += 1
        case UInt8(ascii: "1")...UInt8(ascii: "9"): skipDigits()
        default: throw failure("expected a digit in a number")
        }
        if current == UInt8(ascii: ".") {
            index += 1
            guard current &- UInt8(ascii: "0") < 10 else { throw failure("expected a digit after the decimal point") }
            skipDigits()
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard current &- UInt8(ascii: "0") < 10 else { throw failure("expected a digit in an exponent") }
            skipDigits()
        }
        return .number(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
    }

    private mutating func parseString() throws(JSONParseError) -> String {
        index += 1
        let start = index
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                let text = try validatedString(UnsafeBufferPointer(rebasing: bytes[start..<index]), at: start)
                index += 1
                return text
            case UInt8(ascii: "\\"):
                return try parseEscapedString(prefix: start..<index)
            case 0..<0x20:
                throw failure("control character inside a string")
            default:
                index += 1
            }
        }
        throw failure("unterminated string")
    }

    private func validatedString(_ utf8: UnsafeBufferPointer<UInt8>, at offset: Int) throws(JSONParseError) -> String {
        // Most FHIR text is ASCII, which needs no validation; the generic validator is far slower.
        if utf8.allSatisfy({ $0 < 0x80 }) { return String(decoding: utf8, as: UTF8.self) }
        guard let text = String(validating: utf8, as: UTF8.self) else {
            throw JSONParseError(offset: offset, message: "string is not valid UTF-8")
        }
        return text
    }

    /// The slow path, taken only by strings that contain a backslash.
    private mutating func parseEscapedString(prefix: Range<Int>) throws(JSONParseError) -> String {
        var utf8 = Array(UnsafeBufferPointer(rebasing: bytes[prefix]))
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return try utf8.withUnsafeBufferPointer { buffer throws(JSONParseError) in try validatedString(buffer, at: prefix.lowerBound) }
            case UInt8(ascii: "\\"):
                try appendEscape(to: &utf8)
            case 0..<0x20:
                index -= 1
                throw failure("control character inside a string")
            default:
                utf8.append(byte)
            }
        }
        throw failure("unterminated string")
    }

    private mutating func appendEscape(to utf8: inout [UInt8]) throws(JSONParseError) {
        let escape = current
        index += 1
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try parseHex4()
            if (0xD800..<0xDC00).contains(scalar) {
                guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                    throw failure("unpaired surrogate in a \\u escape")
                }
                index += 2
                let low = try parseHex4()
                guard (0xDC00..<0xE000).contains(low) else { throw failure("unpaired surrogate in a \\u escape") }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw failure("unpaired surrogate in a \\u escape") }
            Unicode.UTF8.encode(unicode) { utf8.append($0) }
        default:
            index -= 1
            throw failure("invalid escape sequence in a string")
        }
    }

    private mutating func parseHex4() throws(JSONParseError) -> UInt32 {
        guard bytes.count - index >= 4 else { throw failure("unexpected end of input in a \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure("invalid hex digit in a \\u escape")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }
}
