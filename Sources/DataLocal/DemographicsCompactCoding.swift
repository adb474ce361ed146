import CoreDomain
import Foundation

// Compact encodings of the people, places and shared value types. Field order is the
// format: a change to any of these is a new cache schema step that re-encodes.

extension Coding: CompactCodable {
    func encode(to writer: inout ByteWriter) {
        writer.write(system)
        writer.write(code)
        writer.write(display)
    }

    init(from reader: inout ByteReader) throws(CompactCodingError) {
        self.init(system: try reader.optional(), code: try reader.optional(), display: try reader.optional())
    }
}

extension CodedConcept: CompactCodable {
    func encode(to writer: inout ByteWriter) {
        writer.write(codings)
        writer.write(text)
    }

    init(from reader: inout ByteReader) throws(CompactCodingError) {
        self.init(codings: try reader.array(), text: try reader.optional())
    }
}

extension Quantity: CompactCodable {
    func encode(to writer: inout ByteWriter) {
        writer.write(value)
        writer.write(unit)
        writer.write(ucumCode)
        writer.write(comparator)
    }

    init(from reader: inout ByteReader) throws(CompactCodingError) {
        self.init(value: try reader.decimal(), unit: try reader.optional(), ucumCode: try reader.optional(), comparator: try reader.optional())
    }
}

extension Period: CompactCodable {
    func encode(to writer: inout ByteWriter) {
        writer.write(start)
        writer.write(end)
    }

    init(from reader: inout ByteReader) throws(CompactCodingError) {
        self.init(start: try reader.optional(), end: try reader.optional())
    }
}

extension PersonName: CompactCodable {
    func encode(to writer: inout ByteWriter) {
        writer.write(family)
        writer.write(given)
        writer.write(prefix)
        writer.write(suffix)
        writer.write(text)
    }

    init(from reader: inout ByteReader) throws(CompactCodingError) {
        self.init(family: try reader.optional(), given: try reader.array(), prefix: try reader.array(),
                  suffix: try reader.array(), text: try reader.optional())
    }
}

extension Patient: CompactCodable {
    /// `identifierLabel` came later and is written last, after everything that holds the
    /// patient (here, or a list row): a value stored before ends earlier and reads without one.
    func encode(to writer: inout ByteWriter) {
        encodeFields(to: &writer)
        writer.write(identifierLabel)
    }

    init(from reader: inout ByteReader) throws(CompactCodingError) {
        try self.init(fieldsFrom: &reader)
        identifierLabel = reader.isAtEnd ? nil : try reader.optional()
    }

    /// Every field but `identifierLabel`, as the first layout had them.
    func encodeFields(to writer: inout ByteWriter) {
        writer.write(id)
        writer.write(mrn)
        writer.write(name)
        writer.write(birthDate)
        writer.write(raw: gender)
        writer.write(isDeceased)
        writer.write(deceasedAt)
    }

    init(fieldsFrom reader: inout ByteReader) throws(CompactCodingError) {
        self.init(id: try reader.string(), mrn: try reader.optional(), name: try reader.read(), birthDate: try reader.optional(),
                  gender: try reader.raw(), isDeceased: try reader.bool(), deceasedAt: try reader.optional())
    }
}

extension EarlyWarning: CompactCodable {
    func encode(to writer: inout ByteWriter) {
        writer.write(total)
        writer.write(band.rawValue)
        writer.write(taken)
        writer.write(nextDue)
    }

    init(from reader: inout ByteReader) throws(CompactCodingError) {
        let total = try reader.int()
        guard let band = Band(rawValue: try reader.int()) else { throw CompactCodingError(what: "EarlyWarning.Band") }
        self.init(total: total, band: band, taken: try reader.read(), nextDue: try reader.optional())
    }
}

extension BedLocation: CompactCodable {
    func encode(to writer: inout ByteWriter) {
        writer.write(ward)
        writer.write(room)
        writer.write(bed)
    }

    init(from reader: inout ByteReader) throws(CompactCodingError) {
        self.init(ward: try reader.optional(), room: try reader.optional(), bed: try reader.optional())
    }
}

extension PatientListEntry: CompactCodable {
    /// The patient's `identifierLabel` and the early warning came later, at the row's end (see
    /// `Patient`'s encoding): a row stored before reads without them.
    func encode(to writer: inout ByteWriter) {
        patient.encodeFields(to: &writer)
        writer.write(location)
        writer.write(hasSevereAllergy)
        writer.write(hasAbnormalVital)
        writer.write(patient.identifierLabel)
        writer.write(earlyWarning)
    }

    init(from reader: inout ByteReader) throws(CompactCodingError) {
        self.init(patient: try Patient(fieldsFrom: &reader), location: try reader.optional(),
                  hasSevereAllergy: try reader.bool(), hasAbnormalVital: try reader.bool())
        patient.identifierLabel = reader.isAtEnd ? nil : try reader.optional()
        earlyWarning = reader.isAtEnd ? nil : try reader.optional()
    }
}

extension Location: CompactCodable {
    func encode(to writer: inout ByteWriter) {
        writer.write(id)
        writer.write(name)
        writer.write(raw: kind)
        writer.write(partOfID)
    }

    init(from reader: inout ByteReader) throws(CompactCodingError) {
        self.init(id: try reader.string(), name: try reader.string(), kind: try reader.raw(), partOfID: try reader.optional())
    }
}

extension Practitioner: CompactCodable {
    func encode(to writer: inout ByteWriter) {
        writer.write(id)
        writer.write(name)
    }

    init(from reader: inout ByteReader) throws(CompactCodingError) {
        self.init(id: try reader.string(), name: try reader.read())
    }
}
