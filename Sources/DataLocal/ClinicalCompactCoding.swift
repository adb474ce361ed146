import CoreDomain
import Foundation

// Compact encodings of the clinical records. Field order is the format: a change to any of
// these is a new cache schema step that re-encodes.

extension Encounter: CompactCodable {
    func encode(to writer: inout ByteWriter) {
        writer.write(id)
        writer.write(patientID)
        writer.write(raw: encounterClass)
        writer.write(raw: status)
        writer.write(period)
        writer.write(locationIDs)
        writer.write(type)
        writer.write(reason)
        writer.write(practitionerID)
    }

    init(from reader: inout ByteReader) throws(CompactCodingError) {
        self.init(id: try reader.string(), patientID: try reader.string(), encounterClass: try reader.raw(),
                  status: try reader.raw(), period: try reader.read(), locationIDs: try reader.array(),
                  type: try reader.optional(), reason: try reader.optional(), practitionerID: try reader.optional())
    }
}

extension Observation.Value: CompactCodable {
    func encode(to writer: inout ByteWriter) {
        switch self {
        case let .quantity(quantity): writer.write(0); writer.write(quantity)
        case let .concept(concept): writer.write(1); writer.write(concept)
        case let .string(text): writer.write(2); writer.write(text)
        case let .boolean(flag): writer.write(3); writer.write(flag)
        case let .integer(number): writer.write(4); writer.write(number)
        }
    }

    init(from reader: inout ByteReader) throws(CompactCodingError) {
        switch try reader.int() {
        case 0: self = .quantity(try reader.read())
        case 1: self = .concept(try reader.read())
        case 2: self = .string(try reader.string())
        case 3: self = .boolean(try reader.bool())
        case 4: self = .integer(try reader.int())
        default: throw CompactCodingError(what: "Observation.Value")
        }
    }
}

extension ReferenceRange: CompactCodable {
    func encode(to writer: inout ByteWriter) {
        writer.write(low)
        writer.write(high)
        writer.write(text)
    }

    init(from reader: inout ByteReader) throws(CompactCodingError) {
        self.init(low: try reader.optional(), high: try reader.optional(), text: try reader.optional())
    }
}

extension Observation.Component: CompactCodable {
    func encode(to writer: inout ByteWriter) {
        writer.write(code)
        writer.write(value)
        writer.write(referenceRanges)
        writer.write(interpretation)
    }

    init(from reader: inout ByteReader) throws(CompactCodingError) {
        self.init(code: try reader.read(), value: try reader.optional(), referenceRanges: try reader.array(),
                  interpretation: try reader.array())
    }
}

extension Observation: CompactCodable {
    func encode(to writer: inout ByteWriter) {
        writer.write(id)
        writer.write(patientID)
        writer.write(encounterID)
        writer.write(code)
        writer.write(raw: category)
        writer.write(raw: status)
        writer.write(effective)
        writer.write(value)
        writer.write(components)
        writer.write(referenceRanges)
        writer.write(interpretation)
        writer.write(performer)
        writer.write(dataAbsentReason)
        writer.write(notes)
        writer.write(memberIDs)
    }

    /// `performer` came with schema 4, `dataAbsentReason`, `notes` and `memberIDs` later, each at the end:
    /// a value written before ends earlier (rows and bundle entries are read from their own
    /// bounded field, see `ByteReader.encoded`), and reads with the newer fields empty until
    /// the next sync or import of that record writes it again.
    init(from reader: inout ByteReader) throws(CompactCodingError) {
        self.init(id: try reader.string(), patientID: try reader.string(), encounterID: try reader.optional(),
                  code: try reader.read(), category: try reader.raw(), status: try reader.raw(),
                  effective: try reader.optional(), value: try reader.optional(), components: try reader.array(),
                  referenceRanges: try reader.array(), interpretation: try reader.array(),
                  performer: reader.isAtEnd ? nil : try reader.optional(),
                  dataAbsentReason: reader.isAtEnd ? nil : try reader.optional(),
                  notes: reader.isAtEnd ? [] : try reader.array(),
                  memberIDs: reader.isAtEnd ? [] : try reader.array())
    }
}

extension MedicationRequest.Timing: CompactCodable {
    func encode(to writer: inout ByteWriter) {
        writer.write(frequency)
        writer.write(period)
        writer.write(periodUnit)
        writer.write(code)
    }

    init(from reader: inout ByteReader) throws(CompactCodingError) {
        self.init(frequency: try reader.optional(), period: try reader.optional(), periodUnit: try reader.optional(),
                  code: try reader.optional())
    }
}

extension MedicationRequest.Rate: CompactCodable {
    func encode(to writer: inout ByteWriter) {
        writer.write(amount)
        writer.write(per)
    }

    init(from reader: inout ByteReader) throws(CompactCodingError) {
        self.init(amount: try reader.read(), per: try reader.optional())
    }
}

extension MedicationRequest: CompactCodable {
    func encode(to writer: inout ByteWriter) {
        writer.write(id)
        writer.write(patientID)
        writer.write(medication)
        writer.write(dose)
        writer.write(route)
        writer.write(frequencyText)
        writer.write(timing)
        writer.write(asNeeded)
        writer.write(raw: status)
        writer.write(raw: intent)
        writer.write(authoredOn)
        writer.write(prescriberID)
        writer.write(reason)
        writer.write(rate)
        writer.write(asNeededFor)
    }

    /// `rate` came after schema 5, then `asNeededFor`, each last: a row written before ends
    /// before it (each stored value has its own length, so a bundle's copy of such a row ends there too).
    init(from reader: inout ByteReader) throws(CompactCodingError) {
        self.init(id: try reader.string(), patientID: try reader.string(), medication: try reader.read(),
                  dose: try reader.optional(), route: try reader.optional(), frequencyText: try reader.optional(),
                  timing: try reader.optional(), asNeeded: try reader.bool(), status: try reader.raw(),
                  intent: try reader.raw(), authoredOn: try reader.optional(), prescriberID: try reader.optional(),
                  reason: try reader.optional(), rate: reader.isAtEnd ? nil : try reader.optional(),
                  asNeededFor: reader.isAtEnd ? nil : try reader.optional())
    }
}

extension Condition: CompactCodable {
    func encode(to writer: inout ByteWriter) {
        writer.write(id)
        writer.write(patientID)
        writer.write(code)
        writer.write(raw: clinicalStatus)
        writer.write(raw: verificationStatus)
        writer.write(onset)
        writer.write(recordedDate)
    }

    init(from reader: inout ByteReader) throws(CompactCodingError) {
        self.init(id: try reader.string(), patientID: try reader.string(), code: try reader.read(),
                  clinicalStatus: try reader.optionalRaw(), verificationStatus: try reader.optionalRaw(),
                  onset: try reader.optional(), recordedDate: try reader.optional())
    }
}

extension DiagnosticReport: CompactCodable {
    func encode(to writer: inout ByteWriter) {
        writer.write(id)
        writer.write(patientID)
        writer.write(code)
        writer.write(raw: status)
        writer.write(effective)
        writer.write(resultIDs)
        writer.write(conclusion)
    }

    init(from reader: inout ByteReader) throws(CompactCodingError) {
        self.init(id: try reader.string(), patientID: try reader.string(), code: try reader.read(),
                  status: try reader.raw(), effective: try reader.optional(), resultIDs: try reader.array(),
                  conclusion: try reader.optional())
    }
}

extension AllergyIntolerance.Reaction: CompactCodable {
    func encode(to writer: inout ByteWriter) {
        writer.write(manifestations)
        writer.write(raw: severity)
    }

    init(from reader: inout ByteReader) throws(CompactCodingError) {
        self.init(manifestations: try reader.array(), severity: try reader.optionalRaw())
    }
}

extension AllergyIntolerance: CompactCodable {
    func encode(to writer: inout ByteWriter) {
        writer.write(id)
        writer.write(patientID)
        writer.write(substance)
        writer.write(raw: criticality)
        writer.write(raw: kind)
        writer.write(raw: clinicalStatus)
        writer.write(raw: verificationStatus)
        writer.write(reactions)
        writer.write(recordedDate)
    }

    init(from reader: inout ByteReader) throws(CompactCodingError) {
        self.init(id: try reader.string(), patientID: try reader.string(), substance: try reader.read(),
                  criticality: try reader.optionalRaw(), kind: try reader.optionalRaw(),
                  clinicalStatus: try reader.optionalRaw(), verificationStatus: try reader.optionalRaw(),
                  reactions: try reader.array(), recordedDate: try reader.optional())
    }
}
