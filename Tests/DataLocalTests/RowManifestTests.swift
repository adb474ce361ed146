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

    @Test func aCacheMadeBeforeTheManifestGetsOneFromItsRows() throws {
        let cache = TemporaryCache()
        let store = try cache.unlock()
        try cache.importWhole(FHIRSamples.census(vitals: 1), into: store)
        try tamper(cache, "DELETE FROM manifest")
        try store.checkRows()
        try tamper(cache, "DELETE FROM patient_list WHERE row_id = (SELECT min(row_id) FROM patient_list)")
        #expect(throws: CacheError.recordsMissing(table: "patient_list", written: 3, found: 2)) { try store.checkRows() }
    }
}
