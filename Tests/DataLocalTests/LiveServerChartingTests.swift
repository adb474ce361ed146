import CoreDomain
import CoreUseCases
import DataFHIR
import Foundation
@testable import DataLocal
import Testing

/// The real FHIR server `Tests/integration/test_charting.py` starts (sekmet, 127.0.0.1) and
/// names here; these tests run only then. Each writes the ids it charted to `EMR_LIVE_OUT`,
/// where the Python side checks the server's copies again, with `fhir.resources` for R4.
enum LiveServer {
    private static let environment = ProcessInfo.processInfo.environment

    static let base = environment["EMR_LIVE_FHIR"].flatMap(URL.init(string:))
    /// The fault proxy in front of it that refuses every Observation PUT with a 422.
    static let refusing = environment["EMR_LIVE_FHIR_REFUSING"].flatMap(URL.init(string:))
    static let patient = environment["EMR_LIVE_PATIENT"] ?? ""
    /// The demo patient whose heparin runs (`LiveServerBCMATests`).
    static let infusionPatient = environment["EMR_LIVE_INFUSION_PATIENT"]
    /// A port nothing listens on: the server "down".
    static let down = URL(string: "http://127.0.0.1:9/fhir")!

    static func client(_ url: URL) -> FHIRClient {
        FHIRClient(baseURL: url, retry: RetryPolicy(sleep: { _ in }, random: { 0.5 }), timeout: 30)
    }

    /// Sends what the cache's outbox holds, as the workstation's sync does.
    static func drain(_ store: EncryptedCache, via sender: FHIRClient? = nil) async throws -> OutboxDrainReport {
        try await OutboxDrain(client: sender ?? client(base!), cache: store,
                              trail: CacheAuditTrail(cache: store, actor: AuditActor(user: "nurse1", source: "no-tty"))).run()
    }

    /// A new cache holding `patient`'s whole chart as synced from the server.
    static func synced(_ patient: String, into cache: TemporaryCache) async throws -> EncryptedCache {
        let store = try cache.unlock()
        let first = try await CensusSync(client: client(base!), cache: store).run(.patients([patient]))
        #expect(first.censusPatients == 1 && first.newPatients == 1 && first.stored.skipped.isEmpty, "the patient's whole chart stored")
        return store
    }

    /// Writes `ids` for the Python side to check, as `<scenario>.json`.
    static func report(_ scenario: String, _ ids: [String]) throws {
        let folder = try #require(environment["EMR_LIVE_OUT"])
        try JSONEncoder().encode(ids).write(to: URL(fileURLWithPath: folder).appendingPathComponent("\(scenario).json"))
    }
}

enum LiveServerError: Error {
    case notAnObservation
}

@Suite(.serialized, .enabled(if: LiveServer.base != nil, "needs the server Tests/integration/test_charting.py starts"))
struct LiveServerChartingTests {
    private let server = LiveServer.client(LiveServer.base!)

    /// A cache holding the patient's chart as synced from the server, and a recorder on it.
    private func synced(_ cache: TemporaryCache) async throws -> (EncryptedCache, any VitalsCharting) {
        let store = try await LiveServer.synced(LiveServer.patient, into: cache)
        let performer = VitalsObservationEncoder.performerDisplay(user: "nurse1", clientID: "emr-ward-5e")
        return (store, OutboxVitalsRecorder(cache: store, performer: performer, trail: .nurse(store)).auditing([.charting]))
    }

    private func fullSet(_ store: EncryptedCache) async throws -> VitalsEntry {
        let stay = try await CachedChartRepository(cache: store).encounters(patientID: LiveServer.patient).first { $0.status == .inProgress }
        return VitalsEntry(
            patientID: LiveServer.patient, encounterID: stay?.id, effective: Date(), heartRate: 92, systolic: 138, diastolic: 84,
            temperature: Decimal(string: "37.8")!, respiratoryRate: 18, oxygenSaturation: 94, oxygen: .supplemental(litresPerMinute: 2),
            weight: Decimal(string: "71.4")!, painScore: 4)
    }

    private func drain(_ store: EncryptedCache, via client: FHIRClient? = nil) async throws -> OutboxDrainReport {
        try await LiveServer.drain(store, via: client)
    }

    /// How many copies of charted Observation `id` the server holds, found by its identifier.
    private func copies(_ id: String) async throws -> [DecodedResource] {
        try await server.search("Observation", [URLQueryItem(name: "identifier", value: "urn:ietf:rfc:3986|urn:uuid:\(id)")]).resources
    }

    private func chart(_ store: EncryptedCache, _ ids: [String]) async throws -> [Observation] {
        let all = try await CachedChartRepository(cache: store).observations(patientID: LiveServer.patient, category: .vitalSigns)
        return ids.compactMap { id in all.first { $0.id == id } }
    }

    @Test func aDrainedEntryIsOnTheServerOncePerValueAndComesBackSettled() async throws {
        let cache = TemporaryCache()
        let (store, recorder) = try await synced(cache)
        let entry = try await fullSet(store)
        let ids = try await recorder.record(entry)
        let charted = try await chart(store, ids)
        #expect(try await drain(store) == OutboxDrainReport(sent: ids.count))
        for id in ids { #expect(try await copies(id).map(\.id) == [id]) }
        let again = try await CensusSync(client: server, cache: store).run(.patients([LiveServer.patient]))
        #expect(again.incremental && again.newPatients == 0 && again.stored.skipped.isEmpty)
        let back = try await chart(store, ids)
        #expect(back.count == ids.count)
        #expect(back.allSatisfy { $0.delivery == .settled })
        #expect(back.map(\.value) == charted.map(\.value), "the server's copies read back to the charted values")
        #expect(back.map(\.components) == charted.map(\.components))
        #expect(back.allSatisfy { $0.performer == "nurse1 via emr-ward-5e" })
        try LiveServer.report("drained", ids)
    }

    @Test func sendingAgainAfterAKillBeforeTheLocalMarkLeavesOneCopy() async throws {
        let cache = TemporaryCache()
        let (store, recorder) = try await synced(cache)
        let ids = try await recorder.record(VitalsEntry(patientID: LiveServer.patient, effective: Date(), heartRate: 77, systolic: 121, diastolic: 79))
        #expect(try await drain(store).sent == 2)
        // The server said 2xx, then emr died before marking: the items are pending again.
        try store.database.write { (connection) throws(CacheError) in try connection.execute("UPDATE outbox SET state = 'pending'") }
        #expect(try await drain(store).sent == 2, "sent again")
        for id in ids { #expect(try await copies(id).count == 1) }
        try LiveServer.report("resent", ids)
    }

    @Test func withTheServerDownEntriesWaitAndGoWhenItIsBack() async throws {
        let cache = TemporaryCache()
        let (store, recorder) = try await synced(cache)
        let ids = try await recorder.record(VitalsEntry(patientID: LiveServer.patient, effective: Date(), temperature: Decimal(string: "36.9")!))
        let failure = await #expect(throws: OutboxDrainFailure.self) { try await drain(store, via: LiveServer.client(LiveServer.down)) }
        #expect(failure?.offline == true)
        #expect(try await chart(store, ids).map(\.delivery) == [.pending])
        #expect(try await copies(ids[0]).isEmpty)
        #expect(try await drain(store).sent == 1)
        #expect(try await copies(ids[0]).count == 1)
        try LiveServer.report("queued", ids)
    }

    @Test(.enabled(if: LiveServer.refusing != nil))
    func aRefusedEntryIsMarkedFailedWithTheServersMessage() async throws {
        let cache = TemporaryCache()
        let (store, recorder) = try await synced(cache)
        let ids = try await recorder.record(VitalsEntry(patientID: LiveServer.patient, effective: Date(), heartRate: 64, respiratoryRate: 14))
        let refusing = LiveServer.client(try #require(LiveServer.refusing))
        #expect(try await drain(store, via: refusing) == OutboxDrainReport(sent: 0, failed: 2))
        let message = "Observation refused by ward policy: vital signs need a signed order (HTTP 422)"
        #expect(try await chart(store, ids).map(\.delivery) == [.failed(message), .failed(message)])
        #expect(try Outbox(cache: store).status() == OutboxStatus(pending: 0, failed: 2))
        for id in ids { #expect(try await copies(id).isEmpty) }
        try LiveServer.report("refused", ids)
    }

    @Test func aCorrectionReplacesTheServersCopy() async throws {
        let cache = TemporaryCache()
        let (store, recorder) = try await synced(cache)
        let ids = try await recorder.record(VitalsEntry(patientID: LiveServer.patient, effective: Date(), oxygenSaturation: 97, oxygen: .roomAir))
        #expect(try await drain(store) == OutboxDrainReport(sent: ids.count))
        try await recorder.markEnteredInError(observationIDs: ids, patientID: LiveServer.patient, reason: "charted on the wrong patient")
        #expect(try await drain(store).sent == 1)
        let onServer = try await copies(ids[0])
        #expect(onServer.count == 1)
        guard case .observation(let observation)? = onServer.first?.content else { throw LiveServerError.notAnObservation }
        #expect(observation.status == .enteredInError)
        try LiveServer.report("corrected", ids)
    }

    /// A complete round charted as the workstation does (`RecordVitals`: scored, then stored
    /// with its score): every Observation, the score included, arrives once. `correct`: the
    /// round is then marked entered in error (`CorrectVitals`), its score with it.
    private func scoredRound(correct: Bool) async throws -> [String] {
        let cache = TemporaryCache()
        let (store, recorder) = try await synced(cache)
        var entry = try await fullSet(store)
        entry.consciousness = .alert
        let chart = CachedChartRepository(cache: store)
        let ids = try await RecordVitals(chart: chart, charting: recorder)(entry)
        #expect(ids.count == 9, "seven values, ACVPU, then the score")
        #expect(try await drain(store) == OutboxDrainReport(sent: ids.count))
        for id in ids { #expect(try await copies(id).map(\.id) == [id]) }
        if correct {
            try await CorrectVitals(chart: chart, charting: recorder)(observationIDs: Array(ids.dropLast()), patientID: LiveServer.patient, reason: "wrong patient")
            #expect(try await drain(store).sent == ids.count, "the score is withdrawn with its round")
        }
        return ids
    }

    @Test func aScoredRoundsScoreArrivesOnceBesideItsRound() async throws {
        try LiveServer.report("scored", try await scoredRound(correct: false))
    }

    @Test func aCorrectedRoundsScoreIsWithdrawnWithIt() async throws {
        try LiveServer.report("scored-corrected", try await scoredRound(correct: true))
    }

    /// An SpO2 target set and then cleared: two records, each on the server once, and read
    /// back from it by the next sync as the workstation wrote them (cleared, Scale 1).
    @Test func anSpO2TargetSetAndClearedArrivesOnceEachAndReadsBack() async throws {
        let cache = TemporaryCache()
        let (store, recorder) = try await synced(cache)
        let chart = CachedChartRepository(cache: store)
        let set = try await RecordVitals(chart: chart, charting: recorder)(SpO2TargetEntry(patientID: LiveServer.patient, isSet: true, effective: Date()))
        let cleared = try await RecordVitals(chart: chart, charting: recorder)(
            SpO2TargetEntry(patientID: LiveServer.patient, isSet: false, effective: Date().addingTimeInterval(60)))
        #expect(try await drain(store) == OutboxDrainReport(sent: 2))
        for id in [set, cleared] { #expect(try await copies(id).map(\.id) == [id]) }
        let fresh = try TemporaryCache().unlock()
        _ = try await CensusSync(client: server, cache: fresh).run(.patients([LiveServer.patient]))
        let back = try await CachedChartRepository(cache: fresh).observations(patientID: LiveServer.patient, category: nil)
        #expect(Set(back.map(\.id)).isSuperset(of: [set, cleared]))
        #expect(SpO2TargetRule.isSet(in: back.filter { $0.id == set }), "the set record reads back as 88-92 %")
        #expect(!SpO2TargetRule.isSet(in: back))
        try LiveServer.report("spo2-target", [set, cleared])
    }

    /// A dose given and one refused against one of the patient's active orders: each PUT once,
    /// sent again as after a kill between the server's 2xx and the local mark, still one copy;
    /// synced back, the MAR's source has them settled against their order.
    @Test func dosesRecordedArriveOnceEvenWhenSentAgainAfterAKillBeforeTheLocalMark() async throws {
        let cache = TemporaryCache()
        let (store, _) = try await synced(cache)
        let chart = CachedChartRepository(cache: store)
        let order = try #require(try await chart.medicationRequests(patientID: LiveServer.patient).first { $0.status == .active && $0.dose != nil },
                                 "the test patient has an active order with a dose")
        let recorder = OutboxDoseRecorder(cache: store, performer: VitalsObservationEncoder.performerDisplay(user: "nurse1", clientID: "emr-ward-5e"), trail: .nurse(store)).auditing([.administration(kind: .given)])
        let stay = try await chart.encounters(patientID: LiveServer.patient).first { $0.status == .inProgress }
        let given = try await recorder.record(DoseRecord(
            status: .completed, patientID: LiveServer.patient, encounterID: stay?.id, requestID: order.id, medication: order.medication,
            effective: Date(), dose: order.dose, route: order.route))
        let refused = try await recorder.record(DoseRecord(
            status: .notDone, patientID: LiveServer.patient, encounterID: stay?.id, requestID: order.id, medication: order.medication,
            effective: Date(), reason: "patient refused"))
        // The given dose's effect, as a PRN follow-up records it: an Observation partOf the dose.
        let effect = try await recorder.recordEffect(PRNEffectEntry(
            patientID: LiveServer.patient, administrationID: given, effect: .partlyEffective, note: "pain 4/10", effective: Date()))
        #expect(try await drain(store).sent == 3)
        try store.database.write { (connection) throws(CacheError) in try connection.execute("UPDATE outbox SET state = 'pending'") }
        #expect(try await drain(store).sent == 3, "sent again")
        let again = try await CensusSync(client: server, cache: store).run(.patients([LiveServer.patient]))
        #expect(again.stored.skipped.isEmpty)
        let back = try await chart.medicationAdministrations(patientID: LiveServer.patient).filter { [given, refused].contains($0.id) }
        #expect(Set(back.map(\.id)) == [given, refused])
        #expect(back.allSatisfy { $0.requestID == order.id })
        let effectBack = try await chart.observations(patientID: LiveServer.patient, category: .other).first { $0.id == effect }
        #expect(effectBack?.partOfIDs == [given], "synced back, the effect still names its dose")
        try LiveServer.report("doses", [given, refused])
        try LiveServer.report("prn-effect", [effect, given])
    }
}
