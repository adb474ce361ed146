import CoreDomain
import DataFHIR
import Foundation
@testable import DataLocal
import Testing

@Suite struct BinaryRecordTests {
    private func roundTrip<T: BinaryRecord & Equatable>(_ value: T) throws -> T {
        var writer = ByteWriter()
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
        var firstLayout = SampleRecords.patient()
        firstLayout.firstLayoutFields(&old)
        var reader = ByteReader(Data(old.bytes))
        #expect(try Patient(from: &reader) == SampleRecords.patient())
        var oldRow = ByteWriter()
        let plain = SampleRecords.listEntry()
        var plainPatient = plain.patient
        plainPatient.firstLayoutFields(&oldRow)
        oldRow.write(plain.location)
        oldRow.write(plain.hasSevereAllergy)
        oldRow.write(plain.hasAbnormalVital)
        var rowReader = ByteReader(Data(oldRow.bytes))
        #expect(try PatientListEntry(from: &rowReader) == plain)
    }

    /// A medication order stored before `rate` came reads with none (nor an as-needed reason,
    /// nor its timing's schedule, which came after it).
    @Test func aMedicationOrderOfTheLayoutBeforeRateStillReads() throws {
        var order = SampleRecords.medication
        order.rate = nil
        order.asNeededFor = nil
        // Absent rate, absent reason, then the schedule of a timing with none (01 00 00 00 00),
        // then no dates written as days (00), no identifiers and no instructions (00 00), no encounter (00).
        #expect(try readBack(order, droppingTrailingBytes: 11) == order)
        #expect(try roundTrip(SampleRecords.medication).rate == SampleRecords.medication.rate)
    }

    /// A medication order stored before `asNeededFor` came reads with none and keeps its rate.
    @Test func aMedicationOrderOfTheLayoutBeforeItsAsNeededReasonStillReads() throws {
        var order = SampleRecords.medication
        order.asNeededFor = nil
        #expect(try readBack(order, droppingTrailingBytes: 10) == order)
        #expect(try roundTrip(SampleRecords.medication).asNeededFor == CodedConcept(text: "pain"))
    }

    /// An order's clock times, events and bounds (the MAR's schedule) came after `asNeededFor`:
    /// stored, they read back; an order stored before them reads with none.
    @Test func aMedicationOrdersScheduleIsStoredAndAnOlderOrderReadsWithNone() throws {
        var order = SampleRecords.medication
        order.timing?.timesOfDay = ["08:00:00", "20:00:00"]
        order.timing?.when = ["HS"]
        order.timing?.bounds = Period(start: SampleRecords.when, end: SampleRecords.when.addingTimeInterval(86_400))
        order.timing?.unread = ["count", "dayOfWeek"]
        order.writtenAsDays = MedicationRequest.DayWrittenDates(authoredOn: true, boundsEnd: true)
        #expect(try roundTrip(order) == order, "which dates were written as days, after the schedule")
        #expect(try readBack(SampleRecords.medication, droppingTrailingBytes: 9) == SampleRecords.medication)
        #expect(try readBack(order, droppingTrailingBytes: 7).writtenAsDays == MedicationRequest.DayWrittenDates(), "stored before them: none")
    }

    @Test func aMedicationAdministrationRoundTrips() throws {
        #expect(try roundTrip(SampleRecords.administration) == SampleRecords.administration)
    }

    /// The scheduled dose a record names and an infusion's rate came last: a record stored
    /// before them reads with neither (the MAR then places it by its time, as before).
    @Test func anAdministrationStoredBeforeItsScheduledDoseAndRateReadsWithNeither() throws {
        var older = SampleRecords.administration
        (older.scheduledTime, older.rate) = (nil, nil)
        #expect(try readBack(older, droppingTrailingBytes: 2) == older)
    }

    /// A drug scan matches the product's identifiers; an infusion's titration instruction is
    /// shown whole: both are stored, and an order stored before them reads with none.
    @Test func anOrdersProductIdentifiersAndInstructionsAreStored() throws {
        var order = SampleRecords.medication
        order.medicationIdentifiers = [Coding(system: "https://www.gs1.org/gtin", code: "00303380550036")]
        order.additionalInstructions = ["titrate to aPTT per heparin protocol"]
        #expect(try roundTrip(order) == order)
        #expect(try readBack(SampleRecords.medication, droppingTrailingBytes: 2) == SampleRecords.medication)
    }

    /// Notes, procedures, immunizations, care plans and goals, with their encounters and a note's cut.
    @Test func notesProceduresAndImmunizationsRoundTrip() throws {
        #expect(try roundTrip(SampleRecords.note) == SampleRecords.note)
        #expect(try roundTrip(SampleRecords.procedure) == SampleRecords.procedure)
        #expect(try roundTrip(SampleRecords.immunization) == SampleRecords.immunization)
        #expect(try roundTrip(SampleRecords.carePlan) == SampleRecords.carePlan)
        #expect(try roundTrip(SampleRecords.goal) == SampleRecords.goal)
        var condition = SampleRecords.condition
        condition.encounterID = "e1"
        #expect(try roundTrip(condition) == condition)
    }

    /// `value` stored as the current layout writes it, less its last `count` bytes (absent
    /// trailing optionals and empty lists, one byte each), read back from a record.
    private func readBack<Value: RecordFields>(_ value: Value, droppingTrailingBytes count: Int) throws -> Value {
        var current = ByteWriter()
        current.write(value)
        var record = ByteWriter()
        record.write(encoded: Array(current.bytes.dropLast(count)))
        var reader = ByteReader(Data(record.bytes))
        var field = ByteReader(try reader.encoded())
        return try Value(from: &field)
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

    /// Walking the field lists reaches every date of every record (found here by reflection,
    /// so a date field the lists missed fails), and nothing else changes.
    @Test func rewritingDatesReachesEveryDateOfEveryRecordAndNothingElse() {
        let day: TimeInterval = 86_400
        let resources: [ClinicalResource] = [
            .patient(SampleRecords.patient()), .observation(SampleRecords.observation()), .encounter(SampleRecords.encounter),
            .medicationRequest(SampleRecords.medication), .condition(SampleRecords.condition), .allergy(SampleRecords.allergy),
            .diagnosticReport(SampleRecords.report), .location(SampleRecords.location), .practitioner(SampleRecords.practitioner),
            .medicationAdministration(SampleRecords.administration), .note(SampleRecords.note), .procedure(SampleRecords.procedure),
            .immunization(SampleRecords.immunization), .carePlan(SampleRecords.carePlan), .goal(SampleRecords.goal),
        ]
        var reached = 0
        for resource in resources {
            let moved = resource.rewritingDates(instant: { $0.addingTimeInterval(10 * day) }, day: { PartialDate(year: $0.year + 1) })
            let before = Self.leaves(resource), after = Self.leaves(moved)
            #expect(before.count == after.count)
            for (old, new) in zip(before, after) {
                switch (old, new) {
                case let (old as Date, new as Date): #expect(new == old.addingTimeInterval(10 * day)); reached += 1
                case let (old as PartialDate, new as PartialDate): #expect(new.year == old.year + 1); reached += 1
                default: #expect(String(describing: old) == String(describing: new))
                }
            }
        }
        #expect(reached == 16, "every sample's dates, birth date, the dose given, the scheduled dose it names and a note's, procedure's, vaccine's and care plan's included")
    }

    /// Every stored value inside `value`, depth first, dates and partial dates as leaves.
    private static func leaves(_ value: Any) -> [Any] {
        if value is Date || value is PartialDate { return [value] }
        let mirror = Mirror(reflecting: value)
        if mirror.children.isEmpty { return [value] }
        return mirror.children.flatMap { leaves($0.value) }
    }

    /// The bytes every record type writes, captured from the format before its field lists
    /// were stated once, and read back from them: any other change here is a change to stored
    /// data (a new schema step). A field added with `trailing` appends its empty form to the
    /// values of its type (`00` for an absent optional or an empty list): append it to their
    /// hex, and the old hex must still read.
    @Test(arguments: BinaryRecordGolden.cases)
    func everyRecordWritesTheBytesItAlwaysHas(_ golden: BinaryRecordGolden) throws {
        #expect(golden.written() == golden.hex, "\(golden.name)")
        #expect(try golden.readsBack(), "\(golden.name)")
    }

    @Test func truncatedBytesAreAnErrorNotACrash() {
        var writer = ByteWriter()
        writer.write(SampleRecords.observation())
        // Cut one byte short, the sample is its older form without `partOfIDs` (an empty list's
        // `00`), which reads by design.
        for length in stride(from: 0, to: writer.bytes.count - 1, by: 7) {
            var reader = ByteReader(Data(writer.bytes.prefix(length)))
            #expect(throws: BinaryRecordError.self) { try Observation(from: &reader) }
        }
    }
}
