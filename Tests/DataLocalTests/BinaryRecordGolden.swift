import CoreDomain
import Foundation
import Testing
@testable import DataLocal

/// One value of a record type and the bytes the format wrote for it before each type's
/// fields were listed once (captured from that code, as hex; the medication order's
/// `asNeededFor`, added beside that change, appended as its trailing field writes it, and
/// its dates written as days, none here: one byte; then no product identifiers and no further
/// instructions, a byte each; the list row's `openDoses` later likewise: a nil one is the `00`
/// at each list row's end).
struct BinaryRecordGolden: Sendable, CustomTestStringConvertible {
    let name: String
    let hex: String
    let written: @Sendable () -> String
    let readsBack: @Sendable () throws -> Bool

    init<T: BinaryRecord & Equatable & Sendable>(_ name: String, _ value: T, _ hex: String) {
        self.name = name
        self.hex = hex
        written = {
            var writer = ByteWriter()
            writer.write(value)
            return writer.bytes.map { String(format: "%02x", $0) }.joined()
        }
        readsBack = {
            var bytes: [UInt8] = []
            var index = hex.startIndex
            while index < hex.endIndex {
                let next = hex.index(index, offsetBy: 2)
                bytes.append(UInt8(hex[index..<next], radix: 16) ?? 0)
                index = next
            }
            var reader = ByteReader(bytes[...])
            return try T(from: &reader) == value && reader.isAtEnd
        }
    }

    var testDescription: String { name }

    private static var labelledPatient: Patient {
        var patient = SampleRecords.patient()
        patient.identifierLabel = "Passport"
        return patient
    }

    private static var warnedListEntry: PatientListEntry {
        var entry = SampleRecords.listEntry(labelledPatient)
        entry.earlyWarning = EarlyWarning(total: 7, band: .high, taken: SampleRecords.when, nextDue: nil)
        return entry
    }

    private static var dueListEntry: PatientListEntry {
        var entry = SampleRecords.listEntry()
        entry.earlyWarning = EarlyWarning(
            total: 2, band: .lowMedium, taken: SampleRecords.when, nextDue: SampleRecords.when.addingTimeInterval(3600))
        return entry
    }

    /// A result stamped with when it reached the cache: 1,700,000,000,500 ms since 1970, a
    /// number, at the record's end.
    private static var receivedObservation: Observation {
        var observation = Observation(id: "o", patientID: "p", code: CodedConcept())
        observation.received = Date(timeIntervalSince1970: 1_700_000_000.5)
        return observation
    }

    private static var listEntryWithResults: PatientListEntry {
        var entry = SampleRecords.listEntry()
        entry.newestResultArrival = Date(timeIntervalSince1970: 1_700_000_000.5)
        return entry
    }

    /// Two open doses (the second with its order's next dose) and the ward's window in seconds.
    private static var listEntryWithOpenDoses: PatientListEntry {
        var entry = SampleRecords.listEntry()
        entry.openDoses = OpenDoses(
            doses: [.init(time: SampleRecords.when), .init(time: SampleRecords.when.addingTimeInterval(3600), next: SampleRecords.when.addingTimeInterval(7200))],
            window: 3600, until: SampleRecords.when.addingTimeInterval(86_400))
        return entry
    }

    /// The newest critical result's collection time, a date like any other (the demo's shift
    /// moves it), at the row's end.
    private static var listEntryWithCriticalResult: PatientListEntry {
        var entry = SampleRecords.listEntry()
        entry.newestCriticalResult = SampleRecords.when
        return entry
    }

    static let cases: [BinaryRecordGolden] = [
        .init("listEntryWithOpenDoses", listEntryWithOpenDoses,
              "02703101084d524e2d3030343201064f6b61666f720206416461657a65054e676f7a69010244720103506844010d416461657a65204f6b61666f7201c41e08180666656d616c65010180808081c4c2e0e241010102345701013401064265642031320101000000010280808081c4c2e0e24100808080c1b4c3e0e2410180808081a5c4e0e241a03880808081d0d7e0e24100"),
        .init("patient", SampleRecords.patient(),
              "02703101084d524e2d3030343201064f6b61666f720206416461657a65054e676f7a69010244720103506844010d416461657a65204f6b61666f7201c41e08180666656d616c65010180808081c4c2e0e24100"),
        .init("labelledPatient", labelledPatient,
              "02703101084d524e2d3030343201064f6b61666f720206416461657a65054e676f7a69010244720103506844010d416461657a65204f6b61666f7201c41e08180666656d616c65010180808081c4c2e0e241010850617373706f7274"),
        .init("observation", SampleRecords.observation(),
              "026f3102703101026531010110687474703a2f2f6c6f696e632e6f7267010738353335342d39010e426c6f6f64207072657373757265010e426c6f6f642070726573737572650a766974616c5369676e7307616d656e6465640180808081c4c2e0e241010000010501026d6701026d6701013c01010110687474703a2f2f6c6f696e632e6f72670106383438302d360108537973746f6c69630108537973746f6c696301089b02010100020901046d6d486700000100020e00000001066e6f726d616c010142687474703a2f2f7465726d696e6f6c6f67792e686c372e6f72672f436f646553797374656d2f76332d4f62736572766174696f6e496e746572707265746174696f6e01014800010000010e73656520636f6d706f6e656e74730100010141010841626e6f726d616c01136e75727365312076696120656d722d776172640100011373706563696d656e206861656d6f6c79736564020d7265706561742073616d706c650e63616c6c656420746f207761726402026d31026d32000000"),
        .init("observationBeforeNotes", SampleRecords.observationBeforeNotes(),
              "026f3102703101026531010110687474703a2f2f6c6f696e632e6f7267010738353335342d39010e426c6f6f64207072657373757265010e426c6f6f642070726573737572650a766974616c5369676e7307616d656e6465640180808081c4c2e0e241010000010501026d6701026d6701013c01010110687474703a2f2f6c6f696e632e6f72670106383438302d360108537973746f6c69630108537973746f6c696301089b02010100020901046d6d486700000100020e00000001066e6f726d616c010142687474703a2f2f7465726d696e6f6c6f67792e686c372e6f72672f436f646553797374656d2f76332d4f62736572766174696f6e496e746572707265746174696f6e01014800010000010e73656520636f6d706f6e656e74730100010141010841626e6f726d616c01136e75727365312076696120656d722d77617264000000000000"),
        .init("bareObservation", Observation(id: "o", patientID: "p", code: CodedConcept()),
              "016f0170000000056f746865720566696e616c000000000000000000000000"),
        .init("encounter", SampleRecords.encounter,
              "02653102703109696e70617469656e740a696e50726f67726573730180808081c4c2e0e24101808080c1b4c3e0e24102066265642d313207776172642d34570100010941646d697373696f6e01000109506e65756d6f6e6961010464722d31"),
        .init("medication", SampleRecords.medication,
              "026d3102703101012b687474703a2f2f7777772e6e6c6d2e6e69682e676f762f72657365617263682f756d6c732f72786e6f726d010631393733363100010f616d4c4f444950696e652035206d670100057d01026d670000010001046f72616c011431207461626c6574207477696365206461696c7901010401000001010164010342494401066f6e486f6c640d6f726967696e616c4f726465720180808081c4c2e0e241010464722d310100010348544e0100020101026d6701026d67000100000101016801016800010001047061696e010000000000000000"),
        .init("condition", SampleRecords.condition,
              "02633102703100010c487970657274656e73696f6e010772656c61707365010c646966666572656e7469616c0180808081c4c2e0e24101808080f1c5c2e0e24100"),
        .init("allergy", SampleRecords.allergy,
              "02613102703100010a50656e6963696c6c696e0104686967680107616c6c6572677901066163746976650109636f6e6669726d65640101000105486976657301067365766572650180808081c4c2e0e241"),
        .init("location", SampleRecords.location,
              "066265642d313206426564203132036265640106726f6f6d2d34"),
        .init("practitioner", SampleRecords.practitioner,
              "0464722d310105486f7573650107477265676f7279000000"),
        .init("report", SampleRecords.report,
              "027231027031010110687474703a2f2f6c6f696e632e6f7267010735313939302d3001154261736963206d657461626f6c69632070616e656c01154261736963206d657461626f6c69632070616e656c09636f727265637465640180808081c4c2e0e24102026b31036e6131010d48797065726b616c61656d6961"),
        .init("receivedObservation", receivedObservation,
              "016f0170000000056f746865720566696e616c00000000000000000001e8a7abfef9620000"),
        .init("listEntryWithResults", listEntryWithResults,
              "02703101084d524e2d3030343201064f6b61666f720206416461657a65054e676f7a69010244720103506844010d416461657a65204f6b61666f7201c41e08180666656d616c65010180808081c4c2e0e241010102345701013401064265642031320101000001e8a7abfef9620000"),
        .init("listEntry", SampleRecords.listEntry(),
              "02703101084d524e2d3030343201064f6b61666f720206416461657a65054e676f7a69010244720103506844010d416461657a65204f6b61666f7201c41e08180666656d616c65010180808081c4c2e0e2410101023457010134010642656420313201010000000000"),
        .init("listEntryWithCriticalResult", listEntryWithCriticalResult,
              "02703101084d524e2d3030343201064f6b61666f720206416461657a65054e676f7a69010244720103506844010d416461657a65204f6b61666f7201c41e08180666656d616c65010180808081c4c2e0e241010102345701013401064265642031320101000000000180808081c4c2e0e241"),
        .init("warnedListEntry", warnedListEntry,
              "02703101084d524e2d3030343201064f6b61666f720206416461657a65054e676f7a69010244720103506844010d416461657a65204f6b61666f7201c41e08180666656d616c65010180808081c4c2e0e241010102345701013401064265642031320101010850617373706f7274010e0680808081c4c2e0e24100000000"),
        .init("dueListEntry", dueListEntry,
              "02703101084d524e2d3030343201064f6b61666f720206416461657a65054e676f7a69010244720103506844010d416461657a65204f6b61666f7201c41e08180666656d616c65010180808081c4c2e0e2410101023457010134010642656420313201010001040280808081c4c2e0e24101808080c1b4c3e0e241000000"),
        .init("version", ResourceVersion(versionID: "3", lastUpdated: SampleRecords.when),
              "0101330180808081c4c2e0e241"),
        .init("bareVersion", ResourceVersion(versionID: nil, lastUpdated: nil),
              "0000"),
        .init("value0", SampleRecords.values[0], "0000038d1d0103c2b043010343656c00"),
        .init("value1", SampleRecords.values[1], "02010116687474703a2f2f736e6f6d65642e696e666f2f73637401093236303338353030390001084e65676174697665"),
        .init("value2", SampleRecords.values[2], "0409747261636520e29c93"),
        .init("value3", SampleRecords.values[3], "0601"),
        .init("value4", SampleRecords.values[4], "0600"),
        .init("value5", SampleRecords.values[5], "08ffffffffffffffffff01"),
        .init("value6", SampleRecords.values[6], "08feffffffffffffffff01"),
        .init("auditEntry", auditEntry, "5480808081c4c2e0e241066e7572736531010477732d3403656d720c63686172742d6f70656e656406766974616c7301027031077375636365737300"),
        .init("bareAuditEntry", AuditEntry(sequence: 1, event: AuditEvent(
            time: SampleRecords.when, actor: AuditActor(user: "u", source: "s"), action: .lock, outcome: .failure)), "0280808081c4c2e0e2410175000173046c6f636b0000076661696c75726500"),
        .init("loggedInAuditEntry", AuditEntry(sequence: 1, event: AuditEvent(
            time: SampleRecords.when, actor: AuditActor(user: "u", source: "s", fhirUser: "Practitioner/p"), action: .lock, outcome: .failure)),
            "0280808081c4c2e0e2410175000173046c6f636b0000076661696c757265010e50726163746974696f6e65722f70"),
        .init("auditHead", AuditHead(count: 3, tag: Data([0xab, 0xcd, 0xef])), "06abcdef"),
        .init("emptyAuditHead", AuditHead.empty, "00"),
        .init("outboxEnvelope", OutboxEnvelope(resourceType: "Observation", id: "o1", patientID: "p1", ifMatch: "W/\"2\"", json: Data("{}".utf8)), "0b4f62736572766174696f6e026f310270310105572f2232227b7d"),
        .init("bareOutboxEnvelope", OutboxEnvelope(resourceType: "Observation", id: "o1", patientID: "p1", json: Data()), "0b4f62736572766174696f6e026f3102703100"),
    ]

    private static var auditEntry: AuditEntry {
        let actor = AuditActor(user: "nurse1", clientID: "ws-4", source: "emr")
        return AuditEntry(sequence: 42, event: AuditEvent(
            time: SampleRecords.when, actor: actor, action: .chartOpened(tab: "vitals"), patientID: "p1", outcome: .success))
    }
}
