import CoreDomain
import Foundation

/// Appends values in the binary record format: unsigned LEB128 varints for lengths and
/// integers, UTF-8 for text. It writes bytes and nothing else: what a value holds is the
/// value's (`RecordFields`), what the cache does with dates is none of its business.
struct ByteWriter {
    private(set) var bytes: [UInt8] = []

    init() {
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

    /// The bits of the time interval since the reference date, so a date comes back exactly.
    mutating func write(_ value: Date) {
        write(varint: value.timeIntervalSinceReferenceDate.bitPattern)
    }

    /// Year, month and day, 0 for a part the source did not give.
    mutating func write(_ value: PartialDate) {
        write(value.year)
        write(value.month ?? 0)
        write(value.day ?? 0)
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

    mutating func write<T: BinaryRecord>(_ value: T) { value.encode(to: &self) }

    /// Already-encoded bytes, length first so a reader can skip them.
    mutating func write(encoded: [UInt8]) {
        write(varint: UInt64(encoded.count))
        bytes += encoded
    }

    /// Bytes as they are, to the end: only ever the last field.
    mutating func append(tail: Data) {
        tail.withUnsafeBytes { bytes += $0 }
    }

    mutating func write<T: BinaryRecord>(_ value: T?) {
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

    mutating func write<T: BinaryRecord>(_ values: [T]) {
        write(varint: UInt64(values.count))
        for value in values { value.encode(to: &self) }
    }

    mutating func write<T: RawRepresentable<String>>(raw value: T) { write(value.rawValue) }

    mutating func write<T: RawRepresentable<String>>(raw value: T?) {
        write(value != nil)
        if let value { write(value.rawValue) }
    }
}

/// Writing runs a record's field list reading each field; it never fails.
extension ByteWriter: RecordCoder {
    var hasMore: Bool { true }
    mutating func code(_ value: inout String) { write(value) }
    mutating func code(tail value: inout Data) { append(tail: value) }
    mutating func check(_ isValid: Bool, _ what: String) {}
    mutating func code(_ value: inout Int) { write(value) }
    mutating func code(_ value: inout Bool) { write(value) }
    mutating func code(_ value: inout Date) { write(value) }
    mutating func code(_ value: inout PartialDate) { write(value) }
    mutating func code(_ value: inout Decimal) { write(value) }
    mutating func code<T: RecordFields>(_ value: inout T) { write(value) }
    mutating func code<T: RecordFields>(_ value: inout T?) { write(value) }
    mutating func code<T: RecordFields>(_ values: inout [T]) { write(values) }
    mutating func code<T: RawRepresentable<String>>(raw value: inout T) { write(raw: value) }
    mutating func code<T: RawRepresentable<String>>(raw value: inout T?) { write(raw: value) }
    mutating func code<T: RawRepresentable<Int>>(number value: inout T) { write(value.rawValue) }
}
