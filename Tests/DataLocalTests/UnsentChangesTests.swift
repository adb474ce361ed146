import CoreDomain
import DataFHIR
import Foundation
@testable import DataLocal
import Testing

/// A sync or import must never overwrite what a nurse charted before the server has it.
@Suite struct UnsentChangesTests {
    private let person = FHIRSamples.people[0]

    /// The server's copy of charted observation `id`: another heart rate, as a sync would fetch it.
    private func serverCopy(_ id: String, value: Int) throws -> DecodedResource {
        let json = #"{"resourceType":"Observation","id":"\#(id)","meta":{"versionId":"1","lastUpdated":"2020-01-01T00:00:00Z"},"status":"final","category":[{"coding":[{"system":"http://terminology.hl7.org/CodeSystem/observation-category","code":"vital-signs"}]}],"code":{"coding":[{"system":"http://loinc.org","code":"8867-4"}]},"subject":{"reference":"Patient/\#(person.id)"},"effectiveDateTime":"2026-01-01T08:00:00Z","valueQuantity":{"value":\#(value),"unit":"/min","system":"http://unitsofmeasure.org","code":"/min"}}"#
        return try #require(FHIRReader().read(Data(json.utf8), file: "sync").resources.first)
    }

    private func heartRate(_ store: EncryptedCache, _ id: String) async throws -> Observation? {
        try await CachedChartRepository(cache: store).observations(patientID: person.id, category: nil).first { $0.id == id }
    }

    private func charted(_ cache: TemporaryCache) async throws -> (EncryptedCache, String) {
        let store = try cache.unlock()
        try cache.importWhole(FHIRSamples.census(vitals: 1), into: store)
        let ids = try await OutboxVitalsRecorder(cache: store, performer: "nurse1", trail: .nurse(store)).auditing([.charting])
            .record(VitalsEntry(patientID: person.id, effective: Date(), heartRate: 88))
        return (store, try #require(ids.first))
    }

    @Test func aSyncKeepsThePendingLocalVersionUntilItIsSent() async throws {
        let cache = TemporaryCache()
        let (store, id) = try await charted(cache)
        let kept = try CacheImporter(cache: store).importResources([try serverCopy(id, value: 70)], source: "sync")
        #expect(kept.keptUnsent == 1)
        #expect(kept.importedCount == 0)
        let local = try #require(try await heartRate(store, id))
        #expect(local.value == .quantity(Quantity(value: 88, unit: "beats/minute", ucumCode: "/min")))
        #expect(local.delivery == .pending)

        let outbox = Outbox(cache: store)
        try outbox.settle(try #require(outbox.pending().first).id, refusal: nil, patientID: person.id, trail: .nurse(store))
        let replaced = try CacheImporter(cache: store).importResources([try serverCopy(id, value: 70)], source: "sync")
        #expect(replaced.importedCount == 1, "once sent, the server's copy is the record")
        let settled = try #require(try await heartRate(store, id))
        #expect(settled.value == .quantity(Quantity(value: 70, unit: "/min", ucumCode: "/min")))
        #expect(settled.delivery == .settled)
    }

    @Test func aSyncKeepsAFailedLocalVersionToo() async throws {
        let cache = TemporaryCache()
        let (store, id) = try await charted(cache)
        let outbox = Outbox(cache: store)
        try outbox.settle(try #require(outbox.pending().first).id, refusal: "refused", patientID: person.id, trail: .nurse(store))
        let summary = try CacheImporter(cache: store).importResources([try serverCopy(id, value: 70)], source: "sync")
        #expect(summary.keptUnsent == 1)
        #expect(try await heartRate(store, id)?.delivery == .failed("refused"))
    }

    @Test func otherResourcesOfThePatientStillUpdate() async throws {
        let cache = TemporaryCache()
        let (store, _) = try await charted(cache)
        let other = "hr-\(person.id)-0"
        let summary = try CacheImporter(cache: store).importResources([try serverCopy(other, value: 61)], source: "sync")
        #expect(summary.importedCount == 1 && summary.keptUnsent == 0)
        #expect(try await heartRate(store, other)?.value == .quantity(Quantity(value: 61, unit: "/min", ucumCode: "/min")))
    }
}
