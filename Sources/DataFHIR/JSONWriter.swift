import Foundation

/// Compact JSON output for resources written here (audit events, charted vital signs,
/// corrections) and for the Bundle entry whose id or references are rewritten. Numbers are
/// written from their original text, so nothing is rounded on the way back out.
enum JSONWriter {
    /// `source`, when given, is the buffer `value` was parsed from: an object that still has a
    /// source range is copied from it byte for byte instead of being written again, which is
    /// what keeps a Bundle import fast (most of each rewritten entry is unchanged). A caller
    /// passing `source` must give every object it changed an empty range.
    static func data(_ value: JSONValue, verbatimFrom source: UnsafeRawBufferPointer? = nil, capacity: Int = 256) -> Data {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(capacity)
        write(value, into: &bytes, source: source)
        return Data(bytes)
    }

    private static func write(_ value: JSONValue, into bytes: inout [UInt8], source: UnsafeRawBufferPointer?) {
        switch value {
        case .null: bytes.append(contentsOf: "null".utf8)
        case .bool(let flag): bytes.append(contentsOf: (flag ? "true" : "false").utf8)
        case .number(let text): bytes.append(contentsOf: text.utf8)
        case .string(let text): writeString(text, into: &bytes)
        case .array(let items):
            bytes.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                write(item, into: &bytes, source: source)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let object):
            if let source, !object.byteRange.isEmpty {
                bytes.append(contentsOf: source[object.byteRange])
                return
            }
            bytes.append(UInt8(ascii: "{"))
            for (index, member) in object.members.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                writeString(member.key, into: &bytes)
                bytes.append(UInt8(ascii: ":"))
                write(member.value, into: &bytes, source: source)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    private static func writeString(_ text: String, into bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            // Nearly all FHIR text needs no escape: copy it whole rather than byte by byte.
            guard utf8.contains(where: needsEscape) else { return bytes.append(contentsOf: utf8) }
            for byte in utf8 {
                switch byte {
                case UInt8(ascii: "\""): bytes.append(contentsOf: #"\""#.utf8)
                case UInt8(ascii: "\\"): bytes.append(contentsOf: #"\\"#.utf8)
                case 0x0A: bytes.append(contentsOf: #"\n"#.utf8)
                case 0x0D: bytes.append(contentsOf: #"\r"#.utf8)
                case 0x09: bytes.append(contentsOf: #"\t"#.utf8)
                case 0..<0x20: bytes.append(contentsOf: #"\u00"#.utf8 + [hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0xF)]])
                default: bytes.append(byte)
                }
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
