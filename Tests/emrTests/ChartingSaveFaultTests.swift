import CoreDomain
import CoreUseCases
@testable import DataLocal
import Foundation
import SecurityKit
@testable import SharedPresentation
import Testing

/// Every form's save and its audit entries are one transaction: a fault injected at each row
/// the save writes, one after another (SQLite temporary triggers on the session's own
/// connection raise at the k-th insert, update or delete), leaves neither the values nor the
/// entry, and the first save that gets past every row leaves both. Found by a fault run: a kill
/// -9 within 8 ms of Enter left saved vitals and doses with no audit entry, because the entry
/// was a commit of its own after the save's. The runner, recorders and cache are the
/// workstation's own (`WorkstationCommand`), on the demo fixtures.
@Suite(.serialized) struct ChartingSaveFaultTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/demo")

    /// The tables a save may write: a fault can land on any of their rows.
    static let written = ["resource", "outbox", "audit_log", "audit_head", "chart_bundle", "patient_list", "manifest"]

    /// A workstation's charting session on a cache of the demo fixtures.
    struct Session {
        let cache: EncryptedCache
        let runner: UseCaseEffectRunner
        let patientID: String
        let root: String

        init() async throws {
            root = NSTemporaryDirectory() + "emr-fault-" + UUID().uuidString
            cache = try EncryptedCache(database: CacheDatabase(location: CacheLocation(directory: root)), dataKey: SecretBytes(count: 32))
            for file in try FileManager.default.contentsOfDirectory(atPath: fixtures.path).filter({ $0.hasSuffix(".ndjson") }).sorted() {
                _ = try CacheImporter(cache: cache).importFile(at: fixtures.appendingPathComponent(file))
            }
            let trail = CacheAuditTrail(cache: cache, actor: AuditActor(user: "nurse1", source: "/dev/pts/3"))
            let directory = try CachedPatientDirectory(cache: cache)
            runner = UseCaseEffectRunner(WorkstationDependencies(
                directory: directory, chart: CachedChartRepository(cache: cache), audit: trail,
                charting: OutboxVitalsRecorder(cache: cache, performer: "nurse1", trail: trail),
                doses: OutboxDoseRecorder(cache: cache, performer: "nurse1", trail: trail),
                notes: OutboxNoteRecorder(cache: cache, author: "nurse1", trail: trail)) { _ in (true, nil) })
            patientID = try #require(try await directory.listEntries(ward: nil).map(\.id).sorted().first)
            try cache.database.withConnection { (connection) throws(CacheError) in try Self.installFaults(connection) }
        }

        /// A counter and, on every table a save writes, triggers that count each row written
        /// and raise at the `at`-th (0: never).
        private static func installFaults(_ connection: SQLiteConnection) throws(CacheError) {
            try connection.execute("CREATE TEMP TABLE fault (at INTEGER NOT NULL, seen INTEGER NOT NULL); INSERT INTO fault VALUES (0, 0)")
            for table in written {
                for operation in ["INSERT", "UPDATE", "DELETE"] {
                    try connection.execute("""
                        CREATE TEMP TRIGGER fault_\(table)_\(operation) AFTER \(operation) ON main.\(table) BEGIN
                        UPDATE fault SET seen = seen + 1;
                        SELECT RAISE(ABORT, 'injected fault') FROM fault WHERE at = seen;
                        END
                        """)
                }
            }
        }

        func failAt(_ row: Int) throws {
            try cache.database.withConnection { (connection) throws(CacheError) in
                try connection.execute("UPDATE temp.fault SET at = \(row), seen = 0")
            }
        }

        /// Outbox rows, and this patient's audit entries that say something was stored.
        func stored() throws -> (outbox: Int64, entries: Int) {
            let outbox = try cache.database.withConnection { (connection) throws(CacheError) in try connection.integer("SELECT count(*) FROM outbox") }
            let entries = try AuditLog(cache: cache).entries(AuditFilter(patientID: patientID)).filter { $0.event.outcome == .success }
            return (outbox, entries.count)
        }
    }

    /// Saves `save` with a fault at its 1st, 2nd, ... row until one save gets past them all;
    /// each attempt leaves everything or nothing. Returns the rows a save writes.
    private func saveThroughEveryFault(_ session: Session, _ save: ChartingSave, entries: Int) async throws -> Int {
        for row in 1...200 {
            try session.failAt(row)
            let before = try session.stored()
            let result = await session.runner.run(.charting(.save(save)))
            let after = try session.stored()
            switch result {
            case .charting(_, .saveFailed)?:
                #expect(after == before, "a fault at row \(row) left part of the save: \(before) -> \(after)")
            case .charting(_, .saved)?:
                #expect(after.entries == before.entries + entries, "saved without its \(entries) audit entries")
                #expect(after.outbox > before.outbox, "saved without its outbox rows")
                try session.failAt(0)
                return row - 1
            default:
                Issue.record("unexpected answer \(String(describing: result)) at row \(row)")
                return row
            }
        }
        Issue.record("no save got past the faults")
        return 0
    }

    @Test func vitalsTheirCorrectionAndTheSpO2TargetAreStoredWithTheirEntriesOrNotAtAll() async throws {
        let session = try await Session()
        let entry = VitalsEntry(patientID: session.patientID, effective: Date(), heartRate: 88, respiratoryRate: 18)
        let rows = try await saveThroughEveryFault(session, ChartingSave(RecordVitalsSave(entry)), entries: 1)
        #expect(rows >= 6, "a save writes its resources, outbox rows, entry, head and manifest: \(rows) rows")
        let charted = try await CachedChartRepository(cache: session.cache).observations(patientID: session.patientID, category: nil)
            .filter { $0.performer == "nurse1" }.map(\.id)
        #expect(charted.count == 2)
        _ = try await saveThroughEveryFault(
            session, ChartingSave(CorrectionSave(patientID: session.patientID, observationIDs: charted, reason: "wrong patient")), entries: 1)
        _ = try await saveThroughEveryFault(
            session, ChartingSave(SpO2TargetSave(SpO2TargetEntry(patientID: session.patientID, isSet: true, effective: Date()))), entries: 1)
        #expect(try AuditLog(cache: session.cache).verify() == .intact(count: try AuditLog(cache: session.cache).entries().count))
    }

    @Test func aDoseItsOverridesItsCorrectionAndAPRNEffectAreStoredWithTheirEntriesOrNotAtAll() async throws {
        let session = try await Session()
        let dose = DoseRecord(status: .completed, patientID: session.patientID, requestID: "fault-order",
                              medication: CodedConcept(text: "Paracetamol"), effective: Date(), notes: ["given late: ward round"])
        _ = try await saveThroughEveryFault(session, ChartingSave(DoseSave.record(dose, overrides: [.late, .allergy])), entries: 3)
        let given = try #require(try await CachedChartRepository(cache: session.cache).medicationAdministrations(patientID: session.patientID)
            .first { $0.performer == "nurse1" })
        _ = try await saveThroughEveryFault(
            session, ChartingSave(PRNFollowUpSave(PRNEffectEntry(patientID: session.patientID, administrationID: given.id, effect: .effective,
                                                                 note: nil, effective: Date()))), entries: 1)
        _ = try await saveThroughEveryFault(
            session, ChartingSave(DoseSave.correct(patientID: session.patientID, administrationID: given.id, reason: "wrong patient")), entries: 1)
        #expect(try AuditLog(cache: session.cache).verify() == .intact(count: try AuditLog(cache: session.cache).entries().count))
    }

    @Test func aNursesNoteAndItsWithdrawalAreStoredWithTheirEntriesOrNotAtAll() async throws {
        let session = try await Session()
        let note = NursingNoteEntry(patientID: session.patientID, encounterID: nil, text: "Settled.\nPlan: mobilise.", date: Date())
        _ = try await saveThroughEveryFault(session, ChartingSave(NursingNoteSave(note)), entries: 1)
        let written = try #require(try await CachedChartRepository(cache: session.cache).notes(patientID: session.patientID)
            .first { $0.authorName == "nurse1" })
        _ = try await saveThroughEveryFault(
            session, ChartingSave(NoteCorrectionSave(patientID: session.patientID, noteID: written.id, reason: "wrong chart")), entries: 1)
        #expect(try AuditLog(cache: session.cache).verify() == .intact(count: try AuditLog(cache: session.cache).entries().count))
    }
}
