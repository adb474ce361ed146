import CoreDomain
import Foundation
@testable import DataLocal
import Testing

@Suite struct CompactCodingTests {
    private func roundTrip<T: CompactCodable & Equatable>(_ value: T, shift: TimeInterval = 0) throws -> T {
        var writer = ByteWriter(dateShift: shift)
        writer.write(value)
        var reader = ByteReader(Data(writer.bytes))
        let decoded = try T(from: &reader)
        #expect(reader.isAtEnd)
        return decoded
    }

    @Test func everyRecordRoundTripsWithEveryField() throws {
        #expect(try roundTrip(SampleRecords.patient()) == SampleRecords.patient())
        #expect(try roundTrip(SampleRecords.observation()) == SampleRecords.observation())
        #expect(try roundTrip(SampleRecords.encounter) == SampleRecords.encounter)
        #expect(try roundTrip(SampleRecords.medication) == SampleRecords.medication)
        #expect(try roundTrip(SampleRecords.condition) == SampleRecords.condition)
        #expect(try roundTrip(SampleRecords.allergy) == SampleRecords.allergy)
        #expect(try roundTrip(SampleRecords.location) == SampleRecords.location)
        #expect(try roundTrip(SampleRecords.practitioner) == SampleRecords.practitioner)
        #expect(try roundTrip(SampleRecords.report) == SampleRecords.report)
        #expect(try roundTrip(SampleRecords.listEntry()) == SampleRecords.listEntry())
    }

    @Test func valuesStoredEncodedReassembleAsAnArrayOfThem() throws {
        let conditions = [SampleRecords.condition, SampleRecords.condition]
        var stored = ByteWriter()
        for condition in conditions {
            var value = ByteWriter()
            value.write(condition)
            stored.write(encoded: value.bytes)
        }
        var reader = ByteReader(Data(stored.bytes))
        let slices = try conditions.map { _ in try reader.encoded() }
        var bundle = ByteWriter()
        bundle.write(encodedValues: slices)
        var bundled = ByteReader(Data(bundle.bytes))
        #expect(try bundled.array(encoded: Condition.self) == conditions)
        #expect(bundled.isAtEnd)
    }

    @Test(arguments: SampleRecords.values)
    func everyObservationValueKindRoundTrips(_ value: Observation.Value) throws {
        #expect(try roundTrip(value) == value)
    }

    @Test func decimalsKeepTheirExactDigits() throws {
        let huge = "123456789012345678901234567890.5"
        for text in ["0.5", "0.125", "120", "-3.75", "0.000001", "0", "-9223372036854775808", huge] {
            let decoded = try roundTrip(Quantity(value: Decimal(string: text)!, unit: "mg"))
            #expect(decoded.value.description == text)
        }
    }

    @Test func emptyOptionalsStayEmpty() throws {
        let bare = Observation(id: "o", patientID: "p", code: CodedConcept())
        #expect(try roundTrip(bare) == bare)
    }

    /// A resource row written before schema 4 has no `performer`; read from its own bounded
    /// field it decodes with none, and the JSON tail after it is not mistaken for one.
    @Test func anObservationOfTheLayoutBeforePerformerStillReads() throws {
        var observation = SampleRecords.observationBeforeNotes()
        observation.performer = nil
        var current = ByteWriter()
        current.write(observation)
        let oldLayout = Array(current.bytes.dropLast(4))
        var record = ByteWriter()
        record.write(encoded: oldLayout)
        record.append(tail: Data(#"{"performer":[{"display":"x"}]}"#.utf8))
        var reader = ByteReader(Data(record.bytes))
        var field = ByteReader(try reader.encoded())
        #expect(try Observation(from: &field) == observation)
        #expect(field.isAtEnd)
        #expect(reader.tail() == Data(#"{"performer":[{"display":"x"}]}"#.utf8))
    }

    /// A result stored before `dataAbsentReason` and `notes` came reads with neither.
    @Test func anObservationOfTheLayoutBeforeNotesStillReads() throws {
        let observation = SampleRecords.observationBeforeNotes()
        var current = ByteWriter()
        current.write(observation)
        var record = ByteWriter()
        record.write(encoded: Array(current.bytes.dropLast(3)))
        var reader = ByteReader(Data(record.bytes))
        var field = ByteReader(try reader.encoded())
        #expect(try Observation(from: &field) == observation)
        #expect(try roundTrip(SampleRecords.observation()).notes == ["repeat sample", "called to ward"])
    }

    /// A patient, and a list row, stored before `identifierLabel` came read without one; new
    /// ones keep it, and a list row's patient fields are not shifted by it.
    @Test func aPatientAndAListRowOfTheLayoutBeforeTheLabelStillRead() throws {
        var labelled = SampleRecords.patient()
        labelled.identifierLabel = "Passport"
        #expect(try roundTrip(labelled) == labelled)
        var entry = SampleRecords.listEntry()
        entry.patient = labelled
        #expect(try roundTrip(entry) == entry)

        var old = ByteWriter()
        SampleRecords.patient().encodeFields(to: &old)
        var reader = ByteReader(Data(old.bytes))
        #expect(try Patient(from: &reader) == SampleRecords.patient())
        var oldRow = ByteWriter()
        let plain = SampleRecords.listEntry()
        plain.patient.encodeFields(to: &oldRow)
        oldRow.write(plain.location)
        oldRow.write(plain.hasSevereAllergy)
        oldRow.write(plain.hasAbnormalVital)
        var rowReader = ByteReader(Data(oldRow.bytes))
        #expect(try PatientListEntry(from: &rowReader) == plain)
    }

    /// A medication order stored before `rate` came reads with none (nor an as-needed reason,
    /// which came after it).
    @Test func aMedicationOrderOfTheLayoutBeforeRateStillReads() throws {
        var order = SampleRecords.medication
        order.rate = nil
        order.asNeededFor = nil
        #expect(try readBack(order, droppingTrailingBytes: 2) == order)
        #expect(try roundTrip(SampleRecords.medication).rate == SampleRecords.medication.rate)
    }

    /// A medication order stored before `asNeededFor` came reads with none and keeps its rate.
    @Test func aMedicationOrderOfTheLayoutBeforeItsAsNeededReasonStillReads() throws {
        var order = SampleRecords.medication
        order.asNeededFor = nil
        #expect(try readBack(order, droppingTrailingBytes: 1) == order)
        #expect(try roundTrip(SampleRecords.medication).asNeededFor == CodedConcept(text: "pain"))
    }

    /// `order` stored as the current layout writes it, less its last `count` bytes (absent
    /// trailing optionals, one byte each), read back from a record.
    private func readBack(_ order: MedicationRequest, droppingTrailingBytes count: Int) throws -> MedicationRequest {
        var current = ByteWriter()
        current.write(order)
        var record = ByteWriter()
        record.write(encoded: Array(current.bytes.dropLast(count)))
        var reader = ByteReader(Data(record.bytes))
        var field = ByteReader(try reader.encoded())
        return try MedicationRequest(from: &field)
    }

    /// Chart bundles copy rows' bytes as stored, old layout and new side by side: each value
    /// sits in its own field, so one without `performer` does not swallow the next one's bytes.
    @Test func aBundleOfStoredValuesOfBothLayoutsReadsBack() throws {
        var old = SampleRecords.observationBeforeNotes()
        old.performer = nil
        var new = SampleRecords.observation()
        new.performer = "nurse1 via emr-ward"
        var oldWriter = ByteWriter()
        oldWriter.write(old)
        var newWriter = ByteWriter()
        newWriter.write(new)
        var bundle = ByteWriter()
        bundle.write(encodedValues: [oldWriter.bytes.dropLast(4), newWriter.bytes[...], oldWriter.bytes.dropLast(4)])
        var reader = ByteReader(Data(bundle.bytes))
        #expect(try reader.array(encoded: Observation.self) == [old, new, old])
        #expect(reader.isAtEnd)
    }

    @Test func theShiftMovesEveryDateAndIsRecordedAsNewest() throws {
        let day: TimeInterval = 86_400
        var writer = ByteWriter(dateShift: 10 * day)
        writer.write(SampleRecords.encounter)
        #expect(writer.newestDate == SampleRecords.when.addingTimeInterval(10 * day + 3_600))
        var reader = ByteReader(Data(writer.bytes))
        let shifted = try Encounter(from: &reader)
        #expect(shifted.period.start == SampleRecords.when.addingTimeInterval(10 * day))
        let patient = try roundTrip(SampleRecords.patient(), shift: 10 * day)
        #expect(patient.birthDate == PartialDate(year: 1954, month: 4, day: 22))
        #expect(patient.deceasedAt == SampleRecords.when.addingTimeInterval(10 * day))
    }

    @Test func partialDatesKeepTheirPrecisionWhenShifted() {
        let year: TimeInterval = 365 * 86_400
        #expect(PartialDate(year: 1954).shifted(by: 2 * year) == PartialDate(year: 1956))
        #expect(PartialDate(year: 1954, month: 12).shifted(by: 31 * 86_400) == PartialDate(year: 1955, month: 1))
        #expect(PartialDate(year: 2024, month: 2, day: 28).shifted(by: 86_400) == PartialDate(year: 2024, month: 2, day: 29))
    }

    @Test func truncatedBytesAreAnErrorNotACrash() {
        var writer = ByteWriter()
        writer.write(SampleRecords.observation())
        for length in stride(from: 0, to: writer.bytes.count, by: 7) {
            var reader = ByteReader(Data(writer.bytes.prefix(length)))
            #expect(throws: CompactCodingError.self) { try Observation(from: &reader) }
        }
    }
}
