import CoreDomain
import Foundation

/// A value in the cache's binary record format. Chart open decodes thousands of
/// observations; reading length-prefixed fields is many times faster than re-parsing FHIR
/// JSON or going through `Codable`, and the bytes are smaller to seal. The format is stored
/// data: changing a type's bytes is a new cache schema step that re-encodes.
protocol BinaryRecord {
    func encode(to writer: inout ByteWriter)
    init(from reader: inout ByteReader) throws(BinaryRecordError)
}

/// The stored bytes do not decode: a bug or a layout change, never user data in the message.
struct BinaryRecordError: Error, Equatable {
    let what: String
}

/// A record whose stored fields are listed once, in `fields(_:)`: writing runs the list
/// reading each field, reading runs it from `blank` assigning each one, so the two can never
/// disagree about the order.
///
/// A field added after a type's first layout goes at the end through `coder.trailing` (one
/// line): a record written before ends earlier and reads with that field as in `blank`.
/// Records are read from their own bounded field (see `ByteReader.encoded`), so "ends
/// earlier" is seen, not guessed.
protocol RecordFields: BinaryRecord {
    /// Where reading starts: every stored field empty (a field left out of the format, such as
    /// `Observation.delivery`, keeps the value it has here).
    static var blank: Self { get }
    /// Every stored field, in the format's order.
    mutating func fields<Coder: RecordCoder>(_ coder: inout Coder) throws(Coder.Failure)
}

extension RecordFields {
    func encode(to writer: inout ByteWriter) {
        var copy = self
        copy.fields(&writer)
    }

    init(from reader: inout ByteReader) throws(BinaryRecordError) {
        self = .blank
        try fields(&reader)
    }
}

/// What a field list runs through: `ByteWriter` reads each field and appends its bytes,
/// `ByteReader` consumes bytes and assigns each field.
protocol RecordCoder {
    associatedtype Failure: Error
    /// False once an older, shorter record has been read to its end (always true writing).
    var hasMore: Bool { get }
    mutating func code(_ value: inout String) throws(Failure)
    mutating func code(_ value: inout Int) throws(Failure)
    mutating func code(_ value: inout Bool) throws(Failure)
    mutating func code(_ value: inout Date) throws(Failure)
    mutating func code(_ value: inout PartialDate) throws(Failure)
    mutating func code(_ value: inout Decimal) throws(Failure)
    mutating func code<T: RecordFields>(_ value: inout T) throws(Failure)
    /// A presence byte, then the value when there is one.
    mutating func code<T: RecordFields>(_ value: inout T?) throws(Failure)
    /// A count, then each value.
    mutating func code<T: RecordFields>(_ values: inout [T]) throws(Failure)
    /// An enumeration stored by its text, so reordering its cases changes nothing stored.
    mutating func code<T: RawRepresentable<String>>(raw value: inout T) throws(Failure)
    mutating func code<T: RawRepresentable<String>>(raw value: inout T?) throws(Failure)
    /// An enumeration stored by its number (a kind tag, a risk band).
    mutating func code<T: RawRepresentable<Int>>(number value: inout T) throws(Failure)
    /// The rest of the record's bytes, with no length: only ever the last field.
    mutating func code(tail value: inout Data) throws(Failure)
    /// Reading fails, naming `what`, unless `isValid` (a stored code that names nothing, bytes
    /// left over); writing never checks: what it writes came from a value.
    mutating func check(_ isValid: Bool, _ what: String) throws(Failure)
}

extension RecordCoder {
    /// A field added after the type's first layout, at the end: left as it is when an older
    /// record ends before it.
    mutating func trailing<T: RecordFields>(_ value: inout T?) throws(Failure) {
        if hasMore { try code(&value) }
    }

    mutating func trailing<T: RecordFields>(_ values: inout [T]) throws(Failure) {
        if hasMore { try code(&values) }
    }

    /// `value` run through the coder: the payload of an enumeration's case.
    mutating func coded<T: RecordFields>(_ value: T) throws(Failure) -> T {
        var copy = value
        try code(&copy)
        return copy
    }
}
