import CoreDomain
import Foundation
@testable import DataLocal
import Testing

/// No name, MRN, birth date or patient id reaches the disk in plaintext: not in the database,
/// and not in SQLite's WAL, shared-memory or journal files.
@Suite struct PHIOnDiskTests {
    static let demoFixtures: [URL] = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let folder = root.appendingPathComponent("Fixtures/demo")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".ndjson") }.sorted().map { folder.appendingPathComponent($0) }
    }()

    /// Imports `sources`, then scans while the cache is open (WAL and SHM in use) and after it is closed.
    private func scanAfterImporting(_ sources: [URL], into cache: TemporaryCache, scan: PHIScan) throws {
        do {
            let store = try cache.unlock()
            for source in sources {
                let summary = try CacheImporter(cache: store).importFile(at: source)
                #expect(summary.importedCount > 0 && summary.skipped.isEmpty, "every record of \(source.lastPathComponent) is scanned for")
            }
            #expect(try cache.rowCount(store.database, table: "patient_list") > 0)
            #expect(FileManager.default.fileExists(atPath: cache.location.databasePath + "-wal"))
            let open = try scan.hits(in: cache.location)
            #expect(open == [], "while open: \(open)")
        }
        let closed = try scan.hits(in: cache.location)
        #expect(closed == [], "after close: \(closed)")
    }

    private func samplePatients() -> PHIScan {
        var scan = PHIScan()
        for person in FHIRSamples.people {
            scan.add(Patient(id: person.id, mrn: person.mrn, name: PersonName(family: person.family, given: [person.given]),
                             birthDate: PartialDate(iso: person.birthDate)))
        }
        return scan
    }

    @Test func noPatientIdentifierIsStoredInPlaintext() throws {
        let cache = TemporaryCache()
        let scan = samplePatients()
        #expect(scan.tokens.count == 5 * FHIRSamples.people.count)
        try scanAfterImporting([try cache.source(FHIRSamples.census(vitals: 20))], into: cache, scan: scan)
    }

    /// Charting adds outbox rows (blind indexes and sealed envelopes) and sealed failure
    /// messages: none of it shows a patient id, the nurse or the server's words.
    @Test func chartedEntriesAndTheirFailuresAreNotStoredInPlaintext() async throws {
        let cache = TemporaryCache()
        var scan = samplePatients()
        scan.tokens.formUnion(["nurse-zzq-account", "Quentinrefusal"])
        let store = try cache.unlock()
        try cache.importWhole(FHIRSamples.census(), into: store)
        for person in FHIRSamples.people {
            let recorded = try await OutboxVitalsRecorder(cache: store, performer: "nurse-zzq-account", trail: .nurse(store)).auditing([.charting])
                .record(VitalsEntry(patientID: person.id, encounterID: "enc-\(person.id)", effective: Date(), heartRate: 88, systolic: 120, diastolic: 80))
            #expect(recorded.count == 2, "a heart rate and a blood pressure")
        }
        let outbox = Outbox(cache: store)
        try outbox.settle(try #require(outbox.pending().first).id, refusal: "Patient Quentinrefusal not allowed", patientID: FHIRSamples.people[0].id, trail: .nurse(store))
        #expect(try scan.hits(in: cache.location) == [], "while open")
    }

    @Test(.enabled(if: !demoFixtures.isEmpty, "Fixtures/demo is not in this checkout"))
    func noDemoPatientIdentifierIsStoredInPlaintext() throws {
        var scan = PHIScan()
        try scan.addPatients(in: Self.demoFixtures)
        #expect(!scan.tokens.isEmpty)
        try scanAfterImporting(Self.demoFixtures, into: TemporaryCache(), scan: scan)
    }

    /// The scan would catch a leak: a family name planted in a plaintext column is found, and
    /// a short name in the forms a leak would take.
    @Test func theScanFindsAPlantedName() throws {
        let cache = TemporaryCache()
        let scan = samplePatients()
        let store = try cache.unlock()
        try cache.importWhole(FHIRSamples.census(), into: store)
        let planted = FHIRSamples.people[1].family
        try store.database.write { (connection) throws(CacheError) in
            try connection.statement("INSERT INTO sync_state (resource_type, watermark, updated_at) VALUES (?, x'00', 0)")
                .bind(.text(planted)).run()
        }
        #expect(try scan.hits(in: cache.location) == ["\(planted) @ cache.sqlite-wal"])
        var short = PHIScan()
        short.tokens = ["Chen"]
        try store.database.write { (connection) throws(CacheError) in
            try connection.statement("INSERT INTO sync_state (resource_type, watermark, updated_at) VALUES (?, x'00', 0)")
                .bind(.text(#"{"family":"Chen"}"#)).run()
        }
        #expect(try short.hits(in: cache.location) == ["Chen @ cache.sqlite-wal"])
    }
}
