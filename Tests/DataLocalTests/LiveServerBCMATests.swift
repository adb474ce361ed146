import CoreDomain
import CoreUseCases
import DataFHIR
import Foundation
@testable import DataLocal
import Testing

/// BCMA's records against the real FHIR server `Tests/integration/test_charting.py` starts
/// (sekmet, 127.0.0.1), below the screens: an infusion's actions made by `Infusion`, a dose
/// given at another dose than ordered, each stored and sent through the real outbox, sent again
/// as after a kill, and synced back. The Python side checks the server's copies (one each,
/// valid R4). `EMR_LIVE_INFUSION_PATIENT` is the demo patient whose heparin runs.
@Suite(.serialized, .enabled(if: LiveServer.base != nil && LiveServer.infusionPatient != nil,
                             "needs the server Tests/integration/test_charting.py starts"))
struct LiveServerBCMATests {
    static let patient = LiveServer.infusionPatient
    private let recorderName = VitalsObservationEncoder.performerDisplay(user: "nurse1", clientID: "emr-ward-5e")

    /// Records `dose` as the dose form does: through the outbox, audited as what it is and the
    /// warnings passed, in the one transaction that stores it.
    private func record(_ dose: DoseRecord, in store: EncryptedCache, overrides: [DoseOverrideKind] = []) async throws -> String {
        let outbox = OutboxDoseRecorder(cache: store, performer: recorderName, trail: .nurse(store))
            .auditing(overrides.map { .override(kind: $0) } + [.administration(kind: dose.auditKind)])
        return try await RecordDose(chart: CachedChartRepository(cache: store), charting: outbox)(dose)
    }

    /// The patient's MAR as the workstation builds it from the cache.
    private func record(_ store: EncryptedCache, at now: Date) async throws -> MedicationAdministrationRecord {
        let list = try await LoadMedications(chart: CachedChartRepository(cache: store)) { now }(patientID: try #require(Self.patient))
        return try #require(list.record)
    }

    private func heparin(_ store: EncryptedCache, at now: Date) async throws -> Infusion {
        try #require(try await record(store, at: now).infusions.first { $0.request.medication.displayName.hasPrefix("Heparin") },
                     "the demo's heparin is an infusion on the MAR")
    }

    /// The running heparin's rate changed, paused, resumed and stopped: four records, each
    /// one PUT, the same four again after a kill before the local mark still four, and synced
    /// into a fresh cache the infusion reads stopped, its actions in turn.
    @Test func anInfusionsActionsArriveOnceAndReadBackInTurn() async throws {
        let patient = try #require(Self.patient)
        // Each cache's folder lives as long as the test: its audit anchor sits beside its key.
        let cache = TemporaryCache(), freshCache = TemporaryCache()
        let store = try await LiveServer.synced(patient, into: cache)
        var now = Date()
        let before = try await heparin(store, at: now)
        guard case .running = before.state else {
            Issue.record("the demo's heparin runs: \(before.state)")
            return
        }
        let faster = MedicationRequest.Rate(amount: Quantity(value: 22, unit: "units/kg/h", ucumCode: "U/kg/h"))
        #expect(before.check(rate: faster).sentence == "22 units/kg/h is 1.22x the ordered 18 units/kg/h")
        var ids: [String] = []
        for (action, rate, note) in [(InfusionAction.rateChange, faster, "aPTT 48 s"), (.pause, nil, "to CT"), (.resume, nil, "back from CT"),
                                     (.stop, nil, "aPTT 110 s: stopped per protocol")] {
            now = now.addingTimeInterval(60)
            let infusion = try await heparin(store, at: now)
            ids.append(try await record(try infusion.record(action, rate: rate ?? infusion.prefilledRate, at: now, notes: [note]), in: store))
        }
        #expect(try await LiveServer.drain(store).sent == 4)
        try store.database.write { (connection) throws(CacheError) in try connection.execute("UPDATE outbox SET state = 'pending'") }
        #expect(try await LiveServer.drain(store).sent == 4, "sent again")
        let fresh = try await LiveServer.synced(patient, into: freshCache)
        let after = try await heparin(fresh, at: now)
        guard case let .stopped(at, by) = after.state else {
            Issue.record("stopped: \(after.state)")
            return
        }
        // To the millisecond, as written (`ChartedElements.dateTime`).
        #expect(abs(at.timeIntervalSince(now)) < 0.001 && by == recorderName, "\(at) \(now)")
        #expect(after.events.suffix(4).map(\.action) == [.rateChange, .pause, .resume, .stop])
        #expect(after.events.suffix(4).map(\.administration.id) == ids)
        #expect(after.events.suffix(4).map(\.administration.rate) == [faster, nil, faster, nil], "a resume runs at the rate before the pause")
        try LiveServer.report("infusion", ids)
    }

    /// Furosemide 40 mg given as 80 mg, for the 09:00 dose: the server keeps 80 mg and the
    /// dose it names, and both read back.
    @Test func aDoseGivenOtherThanOrderedKeepsItsDoseOnTheServer() async throws {
        let patient = try #require(Self.patient)
        // Each cache's folder lives as long as the test: its audit anchor sits beside its key.
        let cache = TemporaryCache(), freshCache = TemporaryCache()
        let store = try await LiveServer.synced(patient, into: cache)
        let chart = CachedChartRepository(cache: store)
        let order = try #require(try await chart.medicationRequests(patientID: patient).first {
            $0.status == .active && $0.dose?.unit == "mg" && $0.medication.displayName.hasPrefix("Furosemide")
        })
        let given = Quantity(value: (order.dose?.value ?? 0) * 2, unit: "mg")
        #expect(DoseCheckRule.check(given: given, ordered: order.dose).sentence == "80 mg is 2x the ordered 40 mg")
        let nine = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 / 3600).rounded(.down) * 3600 - 3600)
        let id = try await record(DoseRecord(
            status: .completed, patientID: patient, requestID: order.id, medication: order.medication, effective: Date(),
            dose: given, route: order.route, notes: ["dose 80 mg is 2x the ordered 40 mg: loading dose per cardiology"],
            orderedDose: order.dose, scheduledTime: nine), in: store, overrides: [.dose])
        #expect(try await LiveServer.drain(store).sent == 1)
        let fresh = try await LiveServer.synced(patient, into: freshCache)
        let back = try #require(try await CachedChartRepository(cache: fresh).medicationAdministrations(patientID: patient).first { $0.id == id })
        #expect(back.dose == given)
        #expect(back.scheduledTime == nine)
        try LiveServer.report("off-dose", [id])
    }
}
