import CoreDomain
import Foundation

/// A small binary encoding for domain values stored in the cache. Chart open decodes
/// thousands of observations; reading length-prefixed fields is many times faster than
/// re-parsing FHIR JSON or going through `Codable`, and the bytes are smaller to seal.
protocol CompactCodable {
    func encode(to writer: inout ByteWriter)
    init(from reader: inout ByteReader) throws(CompactCodingError)
}

/// The stored bytes do not decode: a bug or a layout change, never user data in the message.
struct CompactCodingError: Error, Equatable {
    let what: String
}

/// Appends values: unsigned LEB128 varints for lengths and integers, UTF-8 for text.
///
/// Every `Date` and `PartialDate` written passes through here, which makes this the one
/// place an import's date shift is applied (so no field can be forgotten) and the one place
/// the newest date of a data set is seen.
struct ByteWriter {
    private(set) var bytes: [UInt8] = []
    /// Added to every date written (the demo's "move everything so the newest point is now").
    let dateShift: TimeInterval
    /// The latest date written so far, after the shift.
    private(set) var newestDate: Date?

    init(dateShift: TimeInterval = 0) {
        self.dateShift = dateShift
        bytes.reserveCapacity(256)
    }

    mutating func write(varint value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    mutating func write(_ value: Int) { write(varint: UInt64(bitPattern: Int64((value << 1) ^ (value >> 63)))) }

    mutating func write(_ value: Bool) { bytes.append(value ? 1 : 0) }

    mutating func write(_ value: String) {
        var text = value
        text.withUTF8 { utf8 in
            write(varint: UInt64(utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }

    mutating func write(_ value: Date) {
        let shifted = value.addingTimeInterval(dateShift)
        if newestDate.map({ shifted > $0 }) ?? true { newestDate = shifted }
        write(varint: shifted.timeIntervalSinceReferenceDate.bitPattern)
    }

    /// Shifted by whole days in UTC, keeping only the precision the source gave.
    mutating func write(_ value: PartialDate) {
        let shifted = dateShift == 0 ? value : value.shifted(by: dateShift)
        write(shifted.year)
        write(shifted.month ?? 0)
        write(shifted.day ?? 0)
    }

    /// Decimal as sign, power of ten and integer significand, so "0.5" comes back digit for
    /// digit and never through a float or text formatting (which costs a microsecond per value).
    /// The rare significand beyond 64 bits is kept as text.
    mutating func write(_ value: Decimal) {
        let magnitude = NSDecimalNumber(decimal: value.significand).uint64Value
        if Decimal(sign: value.sign, exponent: value.exponent, significand: Decimal(magnitude)) == value {
            write(value.sign == .minus ? 1 : 0)
            write(value.exponent)
            write(varint: magnitude)
        } else {
            write(2)
            write(value.description)
        }
    }

    mutating func write<T: CompactCodable>(_ value: T) { value.encode(to: &self) }

    /// Already-encoded bytes, length first so a reader can skip them.
    mutating func write(encoded: [UInt8]) {
        write(varint: UInt64(encoded.count))
        bytes += encoded
    }

    /// Bytes as they are, to the end: only ever the last field.
    mutating func append(tail: Data) {
        tail.withUnsafeBytes { bytes += $0 }
    }

    mutating func write<T: CompactCodable>(_ value: T?) {
        write(value != nil)
        value?.encode(to: &self)
    }

    /// Values encoded already, each as its own `write(encoded:)` field (read back with
    /// `array(encoded:)`): a value whose layout grew a trailing field (`Observation`'s
    /// `performer`) can only tell where it ends inside its own field.
    mutating func write(encodedValues values: [ArraySlice<UInt8>]) {
        write(varint: UInt64(values.count))
        for value in values {
            write(varint: UInt64(value.count))
            bytes += value
        }
    }

    mutating func write<T: CompactCodable>(_ values: [T]) {
        write(varint: UInt64(values.count))
        for value in values { value.encode(to: &self) }
    }

    mutating func write<T: RawRepresentable<String>>(raw value: T) { write(value.rawValue) }

    mutating func write<T: RawRepresentable<String>>(raw value: T?) {
        write(value != nil)
        if let value { write(value.rawValue) }
    }
}

/// Reads what `ByteWriter` wrote, checking every length against the bytes left.
struct ByteReader {
    private let bytes: [UInt8]
    private var offset = 0

    init(_ data: Data) { bytes = data.withUnsafeBytes { Array($0) } }

    init(_ bytes: ArraySlice<UInt8>) { self.bytes = Array(bytes) }

    var isAtEnd: Bool { offset == bytes.count }

    mutating func varint() throws(CompactCodingError) -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while offset < bytes.count, shift < 64 {
            let byte = bytes[offset]
            offset += 1
            result |= UInt64(byte & 0x7f) << shift
            if byte & 0x80 == 0 { return result }
            shift += 7
        }
        throw CompactCodingError(what: "varint")
    }

    mutating func int() throws(CompactCodingError) -> Int {
        let zigzag = try varint()
        return Int(Int64(bitPattern: zigzag >> 1) ^ -Int64(bitPattern: zigzag & 1))
    }

    mutating func bool() throws(CompactCodingError) -> Bool {
        guard offset < bytes.count else { throw CompactCodingError(what: "bool") }
        offset += 1
        return bytes[offset - 1] != 0
    }

    mutating func string() throws(CompactCodingError) -> String {
        let count = try varint()
        guard count <= UInt64(bytes.count - offset) else { throw CompactCodingError(what: "string") }
        let end = offset + Int(count)
        defer { offset = end }
        return bytes.withUnsafeBufferPointer { all in
            let utf8 = UnsafeBufferPointer(rebasing: all[offset..<end])
            return Self.sharedString(utf8) ?? String(decoding: utf8, as: UTF8.self)
        }
    }

    private static func sharedString(_ utf8: UnsafeBufferPointer<UInt8>) -> String? {
        guard utf8.count > inlineLimit, let start = utf8.baseAddress else { return nil }
        return shared.first { $0.utf8.count == utf8.count && memcmp($0.utf8, start, utf8.count) == 0 }?.string
    }

    /// Strings up to this many UTF-8 bytes live inside the `String` value, without allocating.
    private static let inlineLimit = 15
    /// Code-system URLs sit in nearly every coding and are too long to be inline: handing out
    /// one shared copy saves an allocation per coding when a chart opens.
    private static let shared = [
        CodeSystem.loinc, CodeSystem.snomed, CodeSystem.ucum, CodeSystem.rxnorm,
        "http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation",
        "http://terminology.hl7.org/CodeSystem/observation-category",
    ].map { (string: $0, utf8: Array($0.utf8)) }

    /// The bytes of a field written with `write(encoded:)`.
    mutating func encoded() throws(CompactCodingError) -> ArraySlice<UInt8> {
        let count = try varint()
        guard count <= UInt64(bytes.count - offset) else { throw CompactCodingError(what: "encoded") }
        defer { offset += Int(count) }
        return bytes[offset..<offset + Int(count)]
    }

    /// Steps over a field written with `write(encoded:)`.
    mutating func skipEncoded() throws(CompactCodingError) { _ = try encoded() }

    /// Everything not read yet (the field written with `append(tail:)`).
    mutating func tail() -> Data {
        defer { offset = bytes.count }
        return Data(bytes[offset...])
    }

    mutating func date() throws(CompactCodingError) -> Date {
        Date(timeIntervalSinceReferenceDate: Double(bitPattern: try varint()))
    }

    mutating func partialDate() throws(CompactCodingError) -> PartialDate {
        let year = try int(), month = try int(), day = try int()
        return PartialDate(year: year, month: month == 0 ? nil : month, day: day == 0 ? nil : day)
    }

    mutating func decimal() throws(CompactCodingError) -> Decimal {
        switch try int() {
        case let sign where sign == 0 || sign == 1:
            let exponent = try int()
            return Decimal(sign: sign == 1 ? .minus : .plus, exponent: exponent, significand: Decimal(try varint()))
        case 2:
            guard let value = Decimal(string: try string()) else { throw CompactCodingError(what: "decimal") }
            return value
        default:
            throw CompactCodingError(what: "decimal")
        }
    }

    mutating func read<T: CompactCodable>(_: T.Type = T.self) throws(CompactCodingError) -> T { try T(from: &self) }

    mutating func optional<T: CompactCodable>(_: T.Type = T.self) throws(CompactCodingError) -> T? {
        try bool() ? try T(from: &self) : nil
    }

    mutating func array<T: CompactCodable>(_: T.Type = T.self) throws(CompactCodingError) -> [T] {
        let count = try varint()
        guard count <= UInt64(bytes.count - offset) else { throw CompactCodingError(what: "array") }
        var values: [T] = []
        values.reserveCapacity(Int(count))
        for _ in 0..<count { values.append(try T(from: &self)) }
        return values
    }

    /// Values written with `write(encodedValues:)`, each decoded from its own field.
    mutating func array<T: CompactCodable>(encoded _: T.Type) throws(CompactCodingError) -> [T] {
        let count = try varint()
        guard count <= UInt64(bytes.count - offset) else { throw CompactCodingError(what: "array") }
        var values: [T] = []
        values.reserveCapacity(Int(count))
        for _ in 0..<count {
            var field = ByteReader(try encoded())
            values.append(try T(from: &field))
        }
        return values
    }

    mutating func raw<T: RawRepresentable<String>>(_: T.Type = T.self) throws(CompactCodingError) -> T {
        guard let value = T(rawValue: try string()) else { throw CompactCodingError(what: "\(T.self)") }
        return value
    }

    mutating func optionalRaw<T: RawRepresentable<String>>(_: T.Type = T.self) throws(CompactCodingError) -> T? {
        try bool() ? try raw(T.self) : nil
    }
}

extension String: CompactCodable {
    func encode(to writer: inout ByteWriter) { writer.write(self) }
    init(from reader: inout ByteReader) throws(CompactCodingError) { self = try reader.string() }
}

extension Int: CompactCodable {
    func encode(to writer: inout ByteWriter) { writer.write(self) }
    init(from reader: inout ByteReader) throws(CompactCodingError) { self = try reader.int() }
}

extension Date: CompactCodable {
    func encode(to writer: inout ByteWriter) { writer.write(self) }
    init(from reader: inout ByteReader) throws(CompactCodingError) { self = try reader.date() }
}

extension Decimal: CompactCodable {
    func encode(to writer: inout ByteWriter) { writer.write(self) }
    init(from reader: inout ByteReader) throws(CompactCodingError) { self = try reader.decimal() }
}

extension PartialDate: CompactCodable {
    func encode(to writer: inout ByteWriter) { writer.write(self) }
    init(from reader: inout ByteReader) throws(CompactCodingError) { self = try reader.partialDate() }
}
