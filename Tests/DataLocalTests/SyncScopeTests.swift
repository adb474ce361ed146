import CoreDomain
import DataFHIR
@testable import DataLocal
import Foundation
import Synchronization
import Testing

/// A FHIR server holding the sample census that answers each search by type and patient or
/// id, with what `extra` adds to a type's answer and without the entries `drop` says to leave
/// out (each replaced by `replacement`, e.g. a null entry).
private final class CensusServer: HTTPTransport {
    let extra: [String: [String]]
    let drop: @Sendable (String) -> Bool
    let replacement: String?

    init(extra: [String: [String]] = [:], drop: @escaping @Sendable (String) -> Bool = { _ in false }, replacement: String? = nil) {
        self.extra = extra
        self.drop = drop
        self.replacement = replacement
    }

    func send(_ request: HTTPRequest) async throws(HTTPTransportError) -> HTTPResponse {
        let items = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        let wanted = Set(items.filter { ["_id", "patient"].contains($0.name) }.flatMap { ($0.value ?? "").split(separator: ",").map(String.init) })
        let type = request.url.lastPathComponent
        let matching = FHIRSamples.census().filter { line in
            line.contains(#""resourceType":"\#(type)""#) && wanted.contains { line.contains(#""id":"\#($0)""#) || line.contains("Patient/\($0)") }
        }
        var entries = matching.map { drop($0) ? replacement : #"{"resource":\#($0)}"# }.compactMap { $0 }
        entries += (extra[type] ?? []).map { #"{"resource":\#($0)}"# }
        let bundle = #"{"resourceType":"Bundle","type":"searchset","meta":{"lastUpdated":"2024-06-01T00:00:00Z"},"entry":[\#(entries.joined(separator: ","))]}"#
        return HTTPResponse(status: 200, headers: ["Content-Type": "application/fhir+json"], body: Data(bundle.utf8))
    }
}

/// A sync stores only what it asked for: the resources of the patients it searched for, each
/// with the patient's own record. Anything else is refused and said, never stored silently.
@Suite struct SyncScopeTests {
    private let census = Census.patients(FHIRSamples.people.map(\.id))
    private let stranger = FHIRSamples.Person(id: "pat-stranger", family: "Quillfeather", given: "Ottoline", mrn: "MRN-640018", birthDate: "1962-07-19")

    private func sync(_ cache: EncryptedCache, _ server: CensusServer) async throws -> SyncReport {
        let client = FHIRClient(baseURL: URL(string: "http://127.0.0.1:9/fhir")!, transport: server)
        return try await CensusSync(client: client, cache: cache).run(census)
    }

    @Test func anObservationOfAPatientNeverAskedForIsRefused() async throws {
        let cache = try TemporaryCache().unlock()
        let report = try await sync(cache, CensusServer(extra: ["Observation": [FHIRSamples.heartRate(stranger, index: 0, value: 88)]]))
        #expect(try await CachedChartRepository(cache: cache).observations(patientID: stranger.id, category: nil).isEmpty)
        #expect(report.stored.skipped.map(\.description) == [
            "Observation search: Observation/hr-pat-stranger-0: belongs to a patient this sync did not ask for; not stored",
        ])
        #expect(try await CachedChartRepository(cache: cache).observations(patientID: FHIRSamples.people[0].id, category: nil).count == 4)
    }

    @Test func aResourceOfAnotherTypeThanTheSearchIsRefused() async throws {
        let cache = try TemporaryCache().unlock()
        let report = try await sync(cache, CensusServer(extra: ["Observation": [FHIRSamples.patient(stranger)]]))
        #expect(try await CachedChartRepository(cache: cache).patient(id: stranger.id) == nil)
        #expect(report.stored.skipped.map(\.description) == ["Observation search: Patient/pat-stranger: not what the search asked for; not stored"])
    }

    @Test func aPatientWhoseRecordIsANullEntryLosesTheirOtherResourcesWithIt() async throws {
        let cache = try TemporaryCache().unlock()
        let missing = FHIRSamples.people[1]
        let report = try await sync(cache, CensusServer(drop: { $0 == FHIRSamples.patient(missing) }, replacement: #"{"resource":null}"#))
        try await expectNothingStored(of: missing, in: cache)
        #expect(report.stored.skipped.contains { $0.description == "Patient/pat-2: the patient's own record did not come; their 6 other resources were not stored" })
        try await expectStored(FHIRSamples.people[0], in: cache)
    }

    @Test func aPatientWhoseRecordIsInvalidLosesTheirOtherResourcesWithIt() async throws {
        let cache = try TemporaryCache().unlock()
        let invalid = FHIRSamples.people[1]
        let broken = FHIRSamples.patient(invalid).replacingOccurrences(of: #""gender":"female""#, with: #""gender":"robot""#)
        let report = try await sync(cache, CensusServer(extra: ["Patient": [broken]], drop: { $0 == FHIRSamples.patient(invalid) }))
        try await expectNothingStored(of: invalid, in: cache)
        #expect(report.stored.skipped.contains { $0.description == "Patient/pat-2: the patient's own record did not come; their 6 other resources were not stored" })
        try await expectStored(FHIRSamples.people[2], in: cache)
    }

    /// On a later sync the patient's record is in the cache, but one that arrives broken still
    /// takes their new resources with it: they might belong to whoever the record now names.
    @Test func aBrokenRecordOnALaterSyncTakesThePatientsNewResourcesWithIt() async throws {
        let cache = try TemporaryCache().unlock()
        _ = try await sync(cache, CensusServer())
        let patient = FHIRSamples.people[0]
        let broken = FHIRSamples.patient(patient, version: 2).replacingOccurrences(of: #""gender":"female""#, with: #""gender":"robot""#)
        let newer = FHIRSamples.heartRate(patient, index: 9, value: 91)
        let report = try await sync(cache, CensusServer(extra: ["Patient": [broken], "Observation": [newer]], drop: { $0 == FHIRSamples.patient(patient) }))
        #expect(try await CachedChartRepository(cache: cache).observations(patientID: patient.id, category: nil).count == 4, "the new heart rate is not stored")
        #expect(report.stored.skipped.contains { $0.description == "Patient/pat-1: the patient's own record did not come; their 7 other resources were not stored" })
    }

    private func expectNothingStored(of person: FHIRSamples.Person, in cache: EncryptedCache, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let chart = CachedChartRepository(cache: cache)
        #expect(try await chart.patient(id: person.id) == nil, sourceLocation: sourceLocation)
        #expect(try await chart.observations(patientID: person.id, category: nil).isEmpty, sourceLocation: sourceLocation)
        #expect(try await chart.allergies(patientID: person.id).isEmpty, sourceLocation: sourceLocation)
        #expect(try await chart.encounters(patientID: person.id).isEmpty, sourceLocation: sourceLocation)
    }

    private func expectStored(_ person: FHIRSamples.Person, in cache: EncryptedCache, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let chart = CachedChartRepository(cache: cache)
        #expect(try await chart.patient(id: person.id) != nil, sourceLocation: sourceLocation)
        #expect(try await chart.observations(patientID: person.id, category: nil).count == 4, sourceLocation: sourceLocation)
    }
}
