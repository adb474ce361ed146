import CoreDomain
import Foundation
@testable import DataLocal
import Testing

/// Rows deleted behind emr's back (a patient-list row, a patient's observations) were not
/// noticed: the list said "Patients 34", the chart "No vital signs recorded". The sealed
/// manifest of each watched table finds them as records missing from the cache.
@Suite struct RowManifestTests {
    /// Another program on the file: its own connection, without emr's change log.
    private func tamper(_ cache: TemporaryCache, _ sql: String) throws {
        let other = try SQLiteConnection(path: cache.location.databasePath)
        try other.execute(sql)
    }

    @Test func whatEmrWritesAndPurgesAgreesWithTheManifest() throws {
        let cache = TemporaryCache()
        let store = try cache.unlock()
        try cache.importWhole(FHIRSamples.census(vitals: 2), into: store)
        try store.checkRows()
        let purged = try store.database.write { (connection) throws(CacheError) in
            try PatientPurge(connection: connection).purge(patient: store.sealer.patientIndex(FHIRSamples.people[0].id))
        }
        #expect(purged > 0)
        try store.checkRows()
        try cache.importWhole(FHIRSamples.census(vitals: 3), into: store, named: "again.ndjson")
        try store.checkRows()
        try cache.unlock().checkRows()
    }

    @Test func aDeletedListRowIsRecordsMissing() throws {
        let cache = TemporaryCache()
        let store = try cache.unlock()
        try cache.importWhole(FHIRSamples.census(vitals: 1), into: store)
        try tamper(cache, "DELETE FROM patient_list WHERE row_id = (SELECT min(row_id) FROM patient_list)")
        #expect(throws: CacheError.recordsMissing(table: "patient_list", written: 3, found: 2)) { try cache.unlock().checkRows() }
    }

    @Test func deletedObservationsAreRecordsMissing() throws {
        let cache = TemporaryCache()
        let store = try cache.unlock()
        try cache.importWhole(FHIRSamples.census(vitals: 2), into: store)
        let written = Int(try cache.rowCount(store.database, table: "resource"))
        try tamper(cache, "DELETE FROM resource WHERE resource_type = 'Observation' AND row_id IN (SELECT row_id FROM resource WHERE resource_type = 'Observation' LIMIT 2)")
        #expect(throws: CacheError.recordsMissing(table: "resource", written: written, found: written - 2)) { try store.checkRows() }
    }

    /// A cache made before the baseline (its key check says so) gets its manifest from its
    /// rows as they stand, once.
    @Test func aCacheMadeBeforeTheManifestGetsOneFromItsRows() throws {
        let cache = TemporaryCache()
        let store = try cache.unlock()
        try cache.importWhole(FHIRSamples.census(vitals: 1), into: store)
        try tamper(cache, "DELETE FROM manifest")
        try SecretStore(cache: store).set(IntegrityBaseline.keyCheckBeforeBaseline, named: IntegrityBaseline.keyCheckName)
        let reopened = try cache.unlock()
        try reopened.checkRows()
        try tamper(cache, "DELETE FROM patient_list WHERE row_id = (SELECT min(row_id) FROM patient_list)")
        #expect(throws: CacheError.recordsMissing(table: "patient_list", written: 3, found: 2)) { try reopened.checkRows() }
    }

    /// Found by a fault run: a patient's rows deleted with the manifest rows that counted them
    /// vanished silently (a missing manifest read as a cache made before it, and was made again).
    @Test func rowsDeletedWithTheirManifestAreRecordsMissing() throws {
        let cache = TemporaryCache()
        let store = try cache.unlock()
        try cache.importWhole(FHIRSamples.census(vitals: 2), into: store)
        let patient = store.sealer.patientIndex(FHIRSamples.people[0].id).map { String(format: "%02x", $0) }.joined()
        try tamper(cache, """
            DELETE FROM resource WHERE patient_index = x'\(patient)' OR key_index = x'\(patient)';
            DELETE FROM patient_list WHERE patient_index = x'\(patient)';
            DELETE FROM chart_bundle WHERE patient_index = x'\(patient)';
            DELETE FROM manifest WHERE table_name IN ('resource', 'patient_list', 'chart_bundle')
            """)
        let reopened = try cache.unlock()
        #expect(throws: CacheError.manifestRemoved(table: "resource")) { try reopened.checkRows() }
        let refused = #expect(throws: CacheError.self, "nothing more is stored over them") {
            _ = try CacheImporter(cache: reopened).importFile(at: try cache.source(FHIRSamples.census(vitals: 1), named: "again.ndjson"))
        }
        #expect(["resource", "patient_list", "chart_bundle"].contains(refused?.tableMissingRecords ?? ""), "\(String(describing: refused))")
    }

    /// The outbox's delivery state, patient and resource are plaintext: each changed behind
    /// emr's back, or a row deleted, disagrees with its manifest (found: values never sent
    /// still read "pending", or went to another chart).
    @Test(arguments: [
        "DELETE FROM outbox WHERE row_id = (SELECT min(row_id) FROM outbox)",
        "DELETE FROM outbox",
        "UPDATE outbox SET state = 'sent'",
        "UPDATE outbox SET patient_index = (SELECT patient_index FROM patient_list WHERE patient_index != outbox.patient_index LIMIT 1)",
        "UPDATE outbox SET key_index = x'00'",
        "DELETE FROM chart_bundle WHERE row_id = (SELECT min(row_id) FROM chart_bundle)",
        "UPDATE chart_bundle SET resource_type = 'Condition' WHERE resource_type = 'Observation'",
        "DELETE FROM secret WHERE row_id = (SELECT max(row_id) FROM secret)",
    ])
    func outboxBundlesAndSecretsChangedBehindEmrsBackDisagree(statement: String) async throws {
        let cache = TemporaryCache()
        let store = try cache.unlock()
        try cache.importWhole(FHIRSamples.census(vitals: 2), into: store)
        let person = FHIRSamples.people[0]
        _ = try await OutboxVitalsRecorder(cache: store, performer: "nurse1", trail: .nurse(store)).auditing([.charting])
            .record(VitalsEntry(patientID: person.id, effective: Date(), heartRate: 90, respiratoryRate: 20))
        try SecretStore(cache: store).set(Data("token".utf8), named: "a token")
        try store.checkRows()
        try tamper(cache, statement)
        let table = String(statement.split(separator: " ")[statement.hasPrefix("DELETE") ? 2 : 1])
        let error = #expect(throws: CacheError.self) { try cache.unlock().checkRows() }
        #expect(error?.tableMissingRecords == table, "\(String(describing: error))")
    }
}
