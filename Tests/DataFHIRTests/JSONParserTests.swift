@testable import DataFHIR
import Foundation
import Testing

@Suite struct JSONParserTests {
    static func result(_ bytes: [UInt8], maxDepth: Int = 64) -> Result<JSONValue, JSONParseError> {
        bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(JSONParseError) in try JSONParser.parse(buffer, maxDepth: maxDepth).value }
        }
    }

    static func parse(_ text: String, maxDepth: Int = 64) throws(JSONParseError) -> JSONValue {
        try result(Array(text.utf8), maxDepth: maxDepth).get()
    }

    static func failure(_ text: String) -> JSONParseError? {
        if case .failure(let error) = result(Array(text.utf8)) { error } else { nil }
    }

    @Test func numbersKeepTheirText() throws {
        guard case .array(let items) = try Self.parse("[0.5, 0.10, 1e2, -0, 5.0, 1E-7]") else {
            Issue.record("expected an array")
            return
        }
        #expect(items.map { if case .number(let text) = $0 { text } else { "" } } == ["0.5", "0.10", "1e2", "-0", "5.0", "1E-7"])
    }

    @Test func stringsDecodeEscapesAndUnicode() throws {
        guard case .string(let text) = try Self.parse(#""a\"b\\c\/d\n\u00e9\ud83d\ude00 é""#) else {
            Issue.record("expected a string")
            return
        }
        #expect(text == "a\"b\\c/d\né😀 é")
    }

    @Test func objectsRememberTheirBytesAndOrder() throws {
        let text = #"  {"b":1,"a":{"c":[true,false,null]}}"#
        guard case .object(let object) = try Self.parse(text) else {
            Issue.record("expected an object")
            return
        }
        #expect(object.members.map(\.key) == ["b", "a"])
        #expect(object.byteRange == 2..<text.utf8.count)
        guard case .object(let inner)? = object["a"] else {
            Issue.record("expected an inner object")
            return
        }
        #expect(Array(Array(text.utf8)[inner.byteRange]) == Array(#"{"c":[true,false,null]}"#.utf8))
    }

    @Test(arguments: [
        "", "{", "[1,]", "{\"a\":1,}", "01", "1.", ".5", "-", "1e", "+1", "tru", "nul", "\"abc", "\"\\x\"", "\"\\ud800\"",
        "\"\\udc00\"", "\"a\tb\"", "[1] 2", "{\"a\" 1}", "{1:2}", "NaN", "\u{0}",
    ])
    func malformedInputIsRefused(_ text: String) {
        #expect(Self.failure(text) != nil, "\(text.debugDescription) was accepted")
    }

    @Test func invalidUTF8IsRefused() {
        guard case .failure(let error) = Self.result([0x22, 0xC3, 0x28, 0x22]) else {
            Issue.record("invalid UTF-8 was accepted")
            return
        }
        #expect(error.message == "string is not valid UTF-8")
    }

    @Test func depthIsCappedBeforeRecursionCanOverflow() throws {
        #expect(throws: Never.self) { try Self.parse(String(repeating: "[", count: 4) + String(repeating: "]", count: 4), maxDepth: 4) }
        let error = Self.failure(String(repeating: "[", count: 1_000_000))
        #expect(error?.isTooDeep == true)
        #expect(error?.offset == 64)
    }

    @Test func repeatedKeysAreRefusedInSmallAndLargeObjects() {
        #expect(Self.failure(#"{"a":1,"a":2}"#)?.message == #"member "a" appears twice in one object"#)
        let many = (0..<40).map { #""k\#($0)":\#($0)"# }.joined(separator: ",")
        #expect(Self.failure("{\(many)}") == nil)
        #expect(Self.failure("{\(many),\"k3\":0}")?.message == #"member "k3" appears twice in one object"#)
    }
}
