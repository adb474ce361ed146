import CoreDomain
import CoreUseCases
import DataFHIR
import Foundation
@testable import DataLocal
import Testing

@Suite struct VitalsRecorderTests {
    private let person = FHIRSamples.people[0]
    static let performer = "nurse1 via emr-ward"

    private func census(_ cache: TemporaryCache) throws -> EncryptedCache {
        let store = try cache.unlock()
        try cache.importWhole(FHIRSamples.census(vitals: 1), into: store)
        return store
    }

    private func entry(at date: Date = Date(timeIntervalSince1970: 1_760_000_000)) -> VitalsEntry {
        VitalsEntry(patientID: person.id, encounterID: "enc-\(person.id)", effective: date, heartRate: 88, systolic: 142, diastolic: 91,
                    oxygenSaturation: 95, oxygen: .supplemental(litresPerMinute: 2), painScore: 3)
    }

    private func vitals(_ store: EncryptedCache) async throws -> [Observation] {
        try await CachedChartRepository(cache: store).observations(patientID: person.id, category: .vitalSigns)
    }

    @Test func aRecordedEntryShowsAtOnceAsPendingWithItsValues() async throws {
        let cache = TemporaryCache()
        let store = try census(cache)
        let ids = try await OutboxVitalsRecorder(cache: store, performer: Self.performer, trail: .nurse(store)).auditing([.charting]).record(entry())
        #expect(ids.count == 4, "HR, the BP panel, SpO2 and pain")
        #expect(Set(ids).count == 4)
        let charted = try await vitals(store).filter { ids.contains($0.id) }
        #expect(charted.map(\.id).sorted() == ids.sorted())
        #expect(charted.allSatisfy { $0.delivery == .pending && $0.status == .final && $0.encounterID == "enc-\(person.id)" })
        #expect(charted.allSatisfy { $0.performer == Self.performer })
        let bloodPressure = try #require(charted.first { $0.vitalSign == .bloodPressure })
        #expect(bloodPressure.component(loinc: "8480-6")?.value == .quantity(Quantity(value: 142, unit: "mmHg", ucumCode: "mm[Hg]")))
        let settled = try await vitals(store).filter { !ids.contains($0.id) }
        #expect(!settled.isEmpty && settled.allSatisfy { $0.delivery == .settled })
        #expect(try await OutboxVitalsRecorder(cache: store, performer: Self.performer, trail: .nurse(store)).auditing([.charting]).outboxStatus() == OutboxStatus(pending: 4))
    }

    /// High-flow with FiO2, charted, stored, and read back as the chart reads any SpO2: the
    /// device, flow and FiO2 come back whole after reopening the cache.
    @Test func oxygenOnHighFlowReadsBackWithItsDeviceFlowAndFiO2() async throws {
        let cache = TemporaryCache()
        var highFlow = entry()
        highFlow.oxygen = .supplemental(device: .highFlowNasal, litresPerMinute: 40, fractionPercent: 60)
        let store = try census(cache)
        let ids = try await OutboxVitalsRecorder(cache: store, performer: Self.performer, trail: .nurse(store)).auditing([.charting]).record(highFlow)
        let charted = try await vitals(try cache.unlock()).filter { ids.contains($0.id) }
        let saturation = try #require(VitalReadingBuilder.readings(from: charted).first { $0.sign == .oxygenSaturation })
        #expect(saturation.oxygen == .supplemental(device: .highFlowNasal, litresPerMinute: 40, fractionPercent: 60))
    }

    @Test func theEntryAndItsQueueSurviveReopeningTheCache() async throws {
        let cache = TemporaryCache()
        let store = try census(cache)
        let ids = try await OutboxVitalsRecorder(cache: store, performer: Self.performer, trail: .nurse(store)).auditing([.charting]).record(entry())
        let reopened = try cache.unlock()
        #expect(try await vitals(reopened).filter { $0.delivery == .pending }.map(\.id).sorted() == ids.sorted())
        let envelopes = try Outbox(cache: reopened).pending().map { try OutboxEnvelope($0.payload) }
        #expect(envelopes.map(\.id) == ids, "queued in chart order")
        #expect(envelopes.allSatisfy { $0.resourceType == "Observation" && $0.patientID == person.id })
        let stored = try ids.map { try reopened.storedJSON(resourceType: "Observation", id: $0) }
        #expect(envelopes.map(\.json) == stored, "what is sent is what the chart shows")
    }

    @Test func theChartingCommitIsSyncedToDiskAndTheCacheGoesBackToNormal() throws {
        let database = try TemporaryCache().open()
        let during = try database.write(durably: true) { (connection) throws(CacheError) in try connection.integer("PRAGMA synchronous") }
        let after = try database.withConnection { (connection) throws(CacheError) in try connection.integer("PRAGMA synchronous") }
        #expect(during == 2, "FULL: the WAL is synced at commit")
        #expect(after == 1, "NORMAL for everything else")
    }

    @Test func aFailureMidwayLeavesNeitherObservationsNorOutboxItems() async throws {
        let cache = TemporaryCache()
        let store = try census(cache)
        let before = try await vitals(store)
        try store.database.withConnection { (connection) throws(CacheError) in
            try connection.execute("CREATE TEMP TRIGGER refuse_outbox BEFORE INSERT ON outbox BEGIN SELECT RAISE(ABORT, 'disk trouble'); END")
        }
        await #expect(throws: CacheError.self) { try await OutboxVitalsRecorder(cache: store, performer: Self.performer, trail: .nurse(store)).auditing([.charting]).record(entry()) }
        #expect(try await vitals(store) == before)
        #expect(try cache.rowCount(store.database, table: "outbox") == 0)
    }

    @Test func anEmptyEntrySavesNothing() async throws {
        let cache = TemporaryCache()
        let store = try census(cache)
        let ids = try await OutboxVitalsRecorder(cache: store, performer: Self.performer, trail: .nurse(store)).auditing([.charting]).record(VitalsEntry(patientID: person.id, effective: Date()))
        #expect(ids.isEmpty)
        #expect(try cache.rowCount(store.database, table: "outbox") == 0)
    }

    @Test func enteredInErrorKeepsTheRecordWithTheReasonAndQueuesTheNewVersion() async throws {
        let cache = TemporaryCache()
        let store = try census(cache)
        let recorder = OutboxVitalsRecorder(cache: store, performer: Self.performer, trail: .nurse(store)).auditing([.charting])
        let ids = try await recorder.record(entry())
        try await recorder.markEnteredInError(observationIDs: [ids[0]], patientID: person.id, reason: "wrong patient")
        let corrected = try #require(try await vitals(store).first { $0.id == ids[0] })
        #expect(corrected.status == .enteredInError)
        #expect(corrected.value == .quantity(Quantity(value: 88, unit: "beats/minute", ucumCode: "/min")))
        let json = String(decoding: try #require(try store.storedJSON(resourceType: "Observation", id: ids[0])), as: UTF8.self)
        #expect(json.contains(#""note":[{"text":"wrong patient"}]"#))
        let queued = try Outbox(cache: store).pending().map { try OutboxEnvelope($0.payload).id }
        #expect(queued == ids + [ids[0]], "the first version, then the correction, in order")
    }

    @Test func aSettledObservationFromTheServerCanBeMarkedEnteredInError() async throws {
        let cache = TemporaryCache()
        let store = try census(cache)
        let serverID = "hr-\(person.id)-0"
        try await OutboxVitalsRecorder(cache: store, performer: Self.performer, trail: .nurse(store)).auditing([.correction])
            .markEnteredInError(observationIDs: [serverID], patientID: person.id, reason: "duplicate")
        let corrected = try #require(try await vitals(store).first { $0.id == serverID })
        #expect(corrected.status == .enteredInError)
        #expect(corrected.delivery == .pending)
    }

    /// The demo's cache: fixtures imported with their dates moved (a `StoredValueRule`), so the
    /// chart reads them near now; the recorder is given the same rule. (The demo's charting
    /// wrapper writes the nurse's time back by the shift first: emr's `DemoDateShift`.)
    @Test func inACacheWithMovedDatesChartedAndCorrectedValuesKeepTheirShownTimes() async throws {
        let cache = TemporaryCache()
        let store = try cache.unlock()
        let shift: TimeInterval = 400 * 86_400
        let rule = StoredValueRule { $0.rewritingDates(instant: { $0.addingTimeInterval(shift) }, day: { $0.shifted(by: shift) }) }
        try cache.importWhole(FHIRSamples.census(vitals: 1), into: store, storing: rule)
        let serverID = "hr-\(person.id)-0"
        let shownBefore = try #require(try await vitals(store).first { $0.id == serverID }?.effective)
        let recorder = OutboxVitalsRecorder(cache: store, performer: Self.performer, storing: rule, trail: .nurse(store)).auditing([.charting])
        let charted = Date(timeIntervalSince1970: 1_790_000_000)
        let ids = try await recorder.record(entry(at: charted.addingTimeInterval(-shift)))
        try await recorder.markEnteredInError(observationIDs: [serverID, ids[0]], patientID: person.id, reason: "wrong patient")
        let shown = try await vitals(store)
        #expect(shown.first { $0.id == serverID }?.effective == shownBefore, "an imported value corrected stays where it was shown")
        #expect(shown.first { $0.id == serverID }?.status == .enteredInError)
        #expect(shown.filter { ids.contains($0.id) }.allSatisfy { $0.effective == charted }, "charted and corrected values read at the time given")
        let json = String(decoding: try #require(try store.storedJSON(resourceType: "Observation", id: ids[1])), as: UTF8.self)
        #expect(json.contains("\"effectiveDateTime\":\"2025-08-") && !json.contains("2026-"), "written in the cache's own frame, like the fixtures beside it")
    }

    @Test func aCorrectionRefusesAnObservationOfAnotherPatient() async throws {
        let cache = TemporaryCache()
        let store = try census(cache)
        let other = FHIRSamples.people[1]
        await #expect(throws: ChartingError.notInChart) {
            try await OutboxVitalsRecorder(cache: store, performer: Self.performer, trail: .nurse(store)).auditing([.correction])
                .markEnteredInError(observationIDs: ["hr-\(other.id)-0"], patientID: person.id, reason: "x")
        }
        #expect(try cache.rowCount(store.database, table: "outbox") == 0)
        let shown = (ChartingError.notInChart as any Error as? any LocalizedError)?.errorDescription
        #expect(shown?.contains("reopen the chart") == true, "the status line gets the way out, not a generic error")
    }

    @Test func aRefusedItemShowsAsFailedWithTheServersReason() async throws {
        let cache = TemporaryCache()
        let store = try census(cache)
        let ids = try await OutboxVitalsRecorder(cache: store, performer: Self.performer, trail: .nurse(store)).auditing([.charting]).record(entry())
        let outbox = Outbox(cache: store)
        let items = try outbox.pending()
        try outbox.settle(items[1].id, refusal: "Observation.component: unknown code", patientID: person.id, trail: .nurse(store))
        try outbox.settle(items[0].id, refusal: nil, patientID: person.id, trail: .nurse(store))
        let byID = Dictionary(uniqueKeysWithValues: try await vitals(store).map { ($0.id, $0.delivery) })
        #expect(byID[ids[0]] == .settled)
        #expect(byID[ids[1]] == .failed("Observation.component: unknown code"))
        #expect(byID[ids[2]] == .pending)
        #expect(try outbox.status() == OutboxStatus(pending: 2, failed: 1))
    }
}

/// The list row follows what is charted: the abnormal marker shows once the row is read again.
@Suite struct ChartedListRowTests {
    private let person = FHIRSamples.people[0]

    @Test func anAbnormalValueChartedMarksTheRowAfterARefresh() async throws {
        let cache = TemporaryCache()
        let store = try cache.unlock()
        try cache.importWhole(FHIRSamples.census(vitals: 0), into: store)
        let directory = try CachedPatientDirectory(cache: store)
        let row = { try await directory.search(PatientSearch(limit: 100)).entries.first { $0.id == person.id } }
        #expect(try await row()?.hasAbnormalVital == false)
        let critical = VitalsEntry(patientID: person.id, encounterID: nil, effective: Date(), heartRate: 150)
        #expect(try await OutboxVitalsRecorder(cache: store, performer: "nurse1", trail: .nurse(store)).auditing([.charting]).record(critical).count == 1, "one heart rate")
        #expect(try await row()?.hasAbnormalVital == false, "the index is as it was opened")
        try await directory.refresh(patientID: person.id)
        #expect(try await row()?.hasAbnormalVital == true)
        #expect(try await directory.search(PatientSearch(limit: 100)).total == FHIRSamples.people.count, "one row replaced, none added")
    }
}

/// `cache` unlocked with the sample census (one round of vitals each) imported.
private func censusCache(_ cache: TemporaryCache) throws -> EncryptedCache {
    let store = try cache.unlock()
    try cache.importWhole(FHIRSamples.census(vitals: 1), into: store)
    return store
}

/// A round and its NEWS2 score are stored and queued in one transaction; the score is not a
/// reading on the Vitals tab and its round still scores the same.
@Suite struct NEWS2ScoreRecorderTests {
    private let person = FHIRSamples.people[0]

    @Test func theScoreIsQueuedWithItsRoundAndNeverShowsAsAReading() async throws {
        let cache = TemporaryCache()
        let store = try censusCache(cache)
        var entry = VitalsEntry(patientID: person.id, effective: Date(timeIntervalSince1970: 1_760_000_000), heartRate: 120, systolic: 100,
                                diastolic: 60, temperature: 37, respiratoryRate: 24, oxygenSaturation: 97, oxygen: .roomAir, consciousness: .alert)
        entry.news2 = VitalsEntry.Score(total: 6, interpretation: "MEDIUM clinical risk", method: "RCP NEWS2 (2017), SpO2 Scale 1")
        let ids = try await OutboxVitalsRecorder(cache: store, performer: "nurse1", trail: .nurse(store)).auditing([.charting]).record(entry)
        #expect(try Outbox(cache: store).pending().count == ids.count)
        let chart = CachedChartRepository(cache: try cache.unlock())
        let history = try await LoadVitalsHistory(chart: chart)(patientID: person.id)
        let shown = Set(history.series.flatMap { $0.readings.flatMap(\.observationIDs) })
        #expect(!shown.contains(ids.last!), "the score is no reading")
        let round = try #require(history.news2.first { $0.observationIDs.isSubset(of: Set(ids)) && !$0.observationIDs.isEmpty })
        #expect(round.outcome.score?.total == 6)
        #expect(!round.observationIDs.contains(ids.last!))
    }
}

/// A prescribed SpO2 target is stored sealed, shows at once, survives reopening and is queued once.
@Suite struct SpO2TargetRecorderTests {
    private let person = FHIRSamples.people[0]

    @Test func aSetTargetIsStoredAndQueuedOnceAndReadsBackAsScale2() async throws {
        let cache = TemporaryCache()
        let store = try censusCache(cache)
        let when = Date(timeIntervalSince1970: 1_760_000_000)
        let id = try await OutboxVitalsRecorder(cache: store, performer: "nurse1", trail: .nurse(store)).auditing([.charting]).recordSpO2Target(
            SpO2TargetEntry(patientID: person.id, isSet: true, effective: when))
        let reopened = try cache.unlock()
        let observations = try await CachedChartRepository(cache: reopened).observations(patientID: person.id, category: nil)
        let target = try #require(observations.first { $0.id == id })
        #expect(target.delivery == .pending)
        #expect(SpO2TargetRule.isSet(in: observations))
        let envelopes = try Outbox(cache: reopened).pending().map { try OutboxEnvelope($0.payload) }
        #expect(envelopes.map(\.id) == [id])
        #expect(envelopes.first?.resourceType == "Observation" && envelopes.first?.patientID == person.id)
    }
}
