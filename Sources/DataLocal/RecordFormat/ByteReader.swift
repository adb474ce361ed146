import CoreDomain
import Foundation

/// Reads what `ByteWriter` wrote, checking every length against the bytes left.
struct ByteReader {
    /// A slice, so a record's own field (`encoded()`) is read where it lies: a chart bundle
    /// holds thousands of records, and copying each one's bytes out cost an allocation apiece.
    private let bytes: ArraySlice<UInt8>
    /// The index in `bytes` read next (a slice keeps its parent's indices).
    private var offset: Int
    /// Set by `sharingRepeatedStrings()` and handed to each record's reader in `array(encoded:)`.
    private var repeated: RepeatedStrings?

    init(_ data: Data) { self.init(ArraySlice(data.withUnsafeBytes { Array($0) })) }

    init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        offset = bytes.startIndex
    }

    var isAtEnd: Bool { offset == bytes.endIndex }

    mutating func varint() throws(BinaryRecordError) -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while offset < bytes.endIndex, shift < 64 {
            let byte = bytes[offset]
            offset += 1
            result |= UInt64(byte & 0x7f) << shift
            if byte & 0x80 == 0 { return result }
            shift += 7
        }
        throw BinaryRecordError(what: "varint")
    }

    mutating func int() throws(BinaryRecordError) -> Int {
        let zigzag = try varint()
        return Int(Int64(bitPattern: zigzag >> 1) ^ -Int64(bitPattern: zigzag & 1))
    }

    mutating func bool() throws(BinaryRecordError) -> Bool {
        guard offset < bytes.endIndex else { throw BinaryRecordError(what: "bool") }
        offset += 1
        return bytes[offset - 1] != 0
    }

    mutating func string() throws(BinaryRecordError) -> String {
        let count = try varint()
        guard count <= UInt64(bytes.endIndex - offset) else { throw BinaryRecordError(what: "string") }
        let start = offset - bytes.startIndex
        offset += Int(count)
        return bytes.withUnsafeBufferPointer { all in
            let utf8 = UnsafeBufferPointer(rebasing: all[start..<start + Int(count)])
            if let shared = Self.sharedString(utf8) { return shared }
            if let repeated, utf8.count > Self.inlineLimit { return repeated.string(utf8) }
            return String(decoding: utf8, as: UTF8.self)
        }
    }

    /// From now on a long string read again (here or in the records of `array(encoded:)`) is
    /// the one read before: for the thousands of records of one chart bundle.
    mutating func sharingRepeatedStrings() {
        repeated = RepeatedStrings()
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
    mutating func encoded() throws(BinaryRecordError) -> ArraySlice<UInt8> {
        let count = try varint()
        guard count <= UInt64(bytes.endIndex - offset) else { throw BinaryRecordError(what: "encoded") }
        defer { offset += Int(count) }
        return bytes[offset..<offset + Int(count)]
    }

    /// Steps over a field written with `write(encoded:)`.
    mutating func skipEncoded() throws(BinaryRecordError) { _ = try encoded() }

    /// Everything not read yet (the field written with `append(tail:)`).
    mutating func tail() -> Data {
        defer { offset = bytes.endIndex }
        return Data(bytes[offset...])
    }

    mutating func date() throws(BinaryRecordError) -> Date {
        Date(timeIntervalSinceReferenceDate: Double(bitPattern: try varint()))
    }

    mutating func partialDate() throws(BinaryRecordError) -> PartialDate {
        let year = try int(), month = try int(), day = try int()
        return PartialDate(year: year, month: month == 0 ? nil : month, day: day == 0 ? nil : day)
    }

    mutating func decimal() throws(BinaryRecordError) -> Decimal {
        switch try int() {
        case let sign where sign == 0 || sign == 1:
            let exponent = try int()
            return Decimal(sign: sign == 1 ? .minus : .plus, exponent: exponent, significand: Decimal(try varint()))
        case 2:
            guard let value = Decimal(string: try string()) else { throw BinaryRecordError(what: "decimal") }
            return value
        default:
            throw BinaryRecordError(what: "decimal")
        }
    }

    mutating func read<T: BinaryRecord>(_: T.Type = T.self) throws(BinaryRecordError) -> T { try T(from: &self) }

    mutating func optional<T: BinaryRecord>(_: T.Type = T.self) throws(BinaryRecordError) -> T? {
        try bool() ? try T(from: &self) : nil
    }

    mutating func array<T: BinaryRecord>(_: T.Type = T.self) throws(BinaryRecordError) -> [T] {
        let count = try varint()
        guard count <= UInt64(bytes.endIndex - offset) else { throw BinaryRecordError(what: "array") }
        var values: [T] = []
        values.reserveCapacity(Int(count))
        for _ in 0..<count { values.append(try T(from: &self)) }
        return values
    }

    /// Values written with `write(encodedValues:)`, each decoded from its own field.
    mutating func array<T: BinaryRecord>(encoded _: T.Type) throws(BinaryRecordError) -> [T] {
        let count = try varint()
        guard count <= UInt64(bytes.endIndex - offset) else { throw BinaryRecordError(what: "array") }
        var values: [T] = []
        values.reserveCapacity(Int(count))
        for _ in 0..<count {
            var field = ByteReader(try encoded())
            field.repeated = repeated
            values.append(try T(from: &field))
        }
        return values
    }

    mutating func raw<T: RawRepresentable<String>>(_: T.Type = T.self) throws(BinaryRecordError) -> T {
        guard let value = T(rawValue: try string()) else { throw BinaryRecordError(what: "\(T.self)") }
        return value
    }

    mutating func optionalRaw<T: RawRepresentable<String>>(_: T.Type = T.self) throws(BinaryRecordError) -> T? {
        try bool() ? try raw(T.self) : nil
    }
}

/// Reading runs a record's field list assigning each field from the bytes, in the same order.
extension ByteReader: RecordCoder {
    var hasMore: Bool { !isAtEnd }
    mutating func code(_ value: inout String) throws(BinaryRecordError) { value = try string() }
    mutating func code(tail value: inout Data) throws(BinaryRecordError) { value = tail() }
    mutating func check(_ isValid: Bool, _ what: String) throws(BinaryRecordError) {
        guard isValid else { throw BinaryRecordError(what: what) }
    }
    mutating func code(_ value: inout Int) throws(BinaryRecordError) { value = try int() }
    mutating func code(_ value: inout Bool) throws(BinaryRecordError) { value = try bool() }
    mutating func code(_ value: inout Date) throws(BinaryRecordError) { value = try date() }
    mutating func code(_ value: inout PartialDate) throws(BinaryRecordError) { value = try partialDate() }
    mutating func code(_ value: inout Decimal) throws(BinaryRecordError) { value = try decimal() }
    mutating func code<T: RecordFields>(_ value: inout T) throws(BinaryRecordError) { value = try read() }
    mutating func code<T: RecordFields>(_ value: inout T?) throws(BinaryRecordError) { value = try optional() }
    mutating func code<T: RecordFields>(_ values: inout [T]) throws(BinaryRecordError) { values = try array() }
    mutating func code<T: RawRepresentable<String>>(raw value: inout T) throws(BinaryRecordError) { value = try raw() }
    mutating func code<T: RawRepresentable<String>>(raw value: inout T?) throws(BinaryRecordError) { value = try optionalRaw() }

    mutating func code<T: RawRepresentable<Int>>(number value: inout T) throws(BinaryRecordError) {
        guard let read = T(rawValue: try int()) else { throw BinaryRecordError(what: "\(T.self)") }
        value = read
    }
}
