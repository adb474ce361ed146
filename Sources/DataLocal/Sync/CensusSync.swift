import DataFHIR
import Foundation

/// Pulls the census patients' charts from the FHIR server into the cache. The first sync
/// of a patient takes everything; later ones ask only for what changed since the server's
/// own clock at the previous sync (`_lastUpdated=gt<watermark>`, per resource type). All
/// fetched resources are stored in one transaction, after every request has succeeded, so
/// a sync that fails or is killed midway leaves the cache exactly as it was. With a trail, the
/// sync's audit entry is in that transaction too: no stored data without its record.
public struct CensusSync: Sendable {
    /// The per-patient types, with the extra search parameters each needs. Observations: vital
    /// signs and results, and what NEWS2 reads beside them: `therapy` holds the SpO2 target
    /// (`SpO2TargetEntry`), `survey` the scores charted with each round (so `x` anywhere
    /// withdraws a round's score with it), `exam` the ACVPU and pregnancy records other systems
    /// file as an examination finding (without it they arrived by import only). Goals are read
    /// by import only: the reference server ignores `patient` on a Goal search and answers with
    /// every patient's.
    static let patientSearches: [(type: String, parameters: [URLQueryItem])] = [
        ("Encounter", []),
        ("Observation", [URLQueryItem(name: "category", value: "vital-signs,laboratory,survey,therapy,exam")]),
        ("MedicationRequest", []), ("Condition", []), ("AllergyIntolerance", []),
        ("DiagnosticReport", [URLQueryItem(name: "category", value: "LAB")]),
        ("MedicationAdministration", []), ("DocumentReference", []), ("Composition", []), ("Procedure", []), ("Immunization", []),
        ("CarePlan", []),
    ]
    /// Patients per search (`patient=a,b,c`): few requests, URLs of a sane length.
    static let patientsPerSearch = 40

    let client: FHIRClient
    let cache: EncryptedCache
    /// Where a census sync is recorded: in the transaction that stores what it fetched.
    let trail: CacheAuditTrail?
    public var pageSize = 200
    public var budget = SyncBudget()

    public init(client: FHIRClient, cache: EncryptedCache, trail: CacheAuditTrail? = nil) {
        self.client = client
        self.cache = cache
        self.trail = trail
    }

    public func run(_ census: Census) async throws -> SyncReport {
        let started = Date()
        let clock = ContinuousClock.now
        var report = SyncReport()
        let requestsBefore = await client.requestsSent()
        var fetched = FetchedResources()
        let allowance = FetchBudget(resources: budget.resources(for: 1), seconds: budget.seconds(for: 1), for: "the census search")

        let patients = try await censusPatients(census, into: &fetched, budget: allowance)
        let history = CensusHistory(cache: cache)
        let previous = Set(try history.census())
        let state = SyncState(cache: cache)
        let new = patients.filter { !previous.contains($0) }
        // Patients kept off the census (a chart fetched from the server, or one who left
        // within the retention period) are still shown: they stay current until purged.
        let onCensus = Set(patients)
        let kept = try history.lastSeen().keys.filter { !onCensus.contains($0) }.sorted()
        let known = patients.filter(previous.contains) + kept
        report.censusPatients = patients.count
        report.newPatients = new.count
        report.leftCensus = previous.subtracting(patients).count
        report.incremental = !known.isEmpty
        let synced = new.count + known.count
        allowance.reset(resources: budget.resources(for: synced), seconds: budget.seconds(for: synced), from: clock, for: SyncBudget.words(synced))

        let searches = try Self.chartSearches(ids: new, since: nil) + Self.chartSearches(ids: known, since: state)
        try await fetch(searches, into: &fetched, budget: allowance)
        try await fetchReferenced(into: &fetched, budget: allowance)
        try await fetchNoteTexts(into: &fetched, budget: allowance)
        let dropped = try dropPatientsWithoutRecord(from: &fetched)

        report.fetchedByType = fetched.countByType
        report.stored = try CacheImporter(cache: cache).importResources(fetched.resources, source: "sync", audit: trail.map { ($0, .sync) })
        report.stored.problems += fetched.problems
        // What was dropped with a patient comes again with the next sync, once the record is readable.
        if dropped.isEmpty {
            for (type, mark) in fetched.watermarks { try state.setWatermark(mark, for: type) }
        }
        try history.record(patients, at: started)
        report.requests = await client.requestsSent() - requestsBefore
        report.seconds = Date().timeIntervalSince(started)
        return report
    }

    /// Fetches the whole chart of one patient who is not on the census (opened from a search
    /// of the server) and stores it like a sync does, in one transaction; false when the
    /// server has no such patient. The type watermarks stay put, since they mark how far the
    /// census is synced. The patient counts as seen now, so the chart is purged after the
    /// retention period like that of a patient who left the census.
    public func fetchPatient(_ id: String) async throws -> Bool {
        var fetched = FetchedResources()
        let allowance = FetchBudget(resources: budget.resources(for: 1), seconds: budget.seconds(for: 1), for: SyncBudget.words(1))
        try await fetch(Self.chartSearches(ids: [id]), into: &fetched, budget: allowance)
        guard fetched.has("Patient", id) else { return false }
        try await fetchReferenced(into: &fetched, budget: allowance)
        try await fetchNoteTexts(into: &fetched, budget: allowance)
        _ = try CacheImporter(cache: cache).importResources(fetched.resources, source: "sync")
        try CensusHistory(cache: cache).noteSeen([id], at: Date())
        return true
    }

    /// The searches for the charts of `ids`, `patientsPerSearch` at a time; with `since`, each
    /// asks only for what changed after its type's watermark there (none yet: everything).
    static func chartSearches(ids: [String], since state: SyncState?) throws -> [SyncSearch] {
        var searches: [SyncSearch] = []
        for start in stride(from: 0, to: ids.count, by: patientsPerSearch) {
            for var search in chartSearches(ids: Array(ids[start..<min(start + patientsPerSearch, ids.count)])) {
                if let state, let mark = try state.watermark(for: search.type) {
                    search.parameters.append(URLQueryItem(name: "_lastUpdated", value: "gt" + mark))
                }
                searches.append(search)
            }
        }
        return searches
    }

    /// The searches for the charts of `ids`: the Patients, then each per-patient type.
    static func chartSearches(ids: [String]) -> [SyncSearch] {
        let list = ids.joined(separator: ","), asked = Set(ids)
        return [SyncSearch(type: "Patient", parameters: [URLQueryItem(name: "_id", value: list)], asked: asked)]
            + patientSearches.map { SyncSearch(type: $0.type, parameters: $0.parameters + [URLQueryItem(name: "patient", value: list)], asked: asked) }
    }

    /// The census patient ids, in a stable order. A ward census comes from its in-progress
    /// Encounters, which are kept (they are the patients' current stays).
    private func censusPatients(
        _ census: Census, into fetched: inout FetchedResources, budget: FetchBudget
    ) async throws(FHIRClientError) -> [String] {
        switch census {
        case .patients(let ids):
            return Array(Set(ids)).sorted()
        case .ward(let location):
            let reference = location.hasPrefix("Location/") ? location : "Location/" + location
            let search = SyncSearch(
                type: "Encounter", parameters: [URLQueryItem(name: "location", value: reference), URLQueryItem(name: "status", value: "in-progress")],
                asked: nil)
            let result = search.admit(try await client.search(search.type, search.parameters, pageSize: pageSize, budget: budget))
            fetched.add(result, type: "Encounter", watermark: false)
            let ids = result.resources.compactMap { resource -> String? in
                guard case .encounter(let encounter) = resource.content else { return nil }
                return encounter.patientID
            }
            return Array(Set(ids)).sorted()
        }
    }

    func fetch(_ searches: [SyncSearch], into fetched: inout FetchedResources, budget: FetchBudget) async throws {
        let client = client
        let pageSize = pageSize
        try await withThrowingTaskGroup(of: (String, SearchResult).self) { group in
            for search in searches {
                group.addTask {
                    (search.type, search.admit(try await client.search(search.type, search.parameters, pageSize: pageSize, budget: budget)))
                }
            }
            for try await (type, result) in group { fetched.add(result, type: type, watermark: true) }
        }
    }

    /// Locations (with their parents) and Practitioners the fetched resources name and the cache lacks.
    func fetchReferenced(into fetched: inout FetchedResources, budget: FetchBudget) async throws {
        var requested: Set<String> = []
        for _ in 0..<4 {
            var searches: [SyncSearch] = []
            for (type, ids) in ReferencedIDs.find(in: fetched.resources).sorted(by: { $0.key < $1.key }) {
                var missing: [String] = []
                for id in ids.sorted() where !requested.contains("\(type)/\(id)") && !fetched.has(type, id) {
                    if try cache.storedJSON(resourceType: type, id: id) == nil { missing.append(id) }
                }
                requested.formUnion(missing.map { "\(type)/\($0)" })
                for start in stride(from: 0, to: missing.count, by: Self.patientsPerSearch) {
                    let ids = missing[start..<min(start + Self.patientsPerSearch, missing.count)]
                    searches.append(SyncSearch(type: type, parameters: [URLQueryItem(name: "_id", value: ids.joined(separator: ","))], asked: Set(ids)))
                }
            }
            guard !searches.isEmpty else { return }
            try await fetch(searches, into: &fetched, budget: budget)
        }
    }

    /// The text of each note fetched that holds it as a `Binary` on this server
    /// (`FHIRClient.noteText`), one read each, charged to the sync's budget.
    func fetchNoteTexts(into fetched: inout FetchedResources, budget: FetchBudget) async throws {
        for index in fetched.resources.indices {
            guard case var .note(note) = fetched.resources[index].content else { continue }
            do {
                guard let text = try await client.noteText(for: note.content, budget: budget) else { continue }
                note.content = text
                fetched.resources[index].content = .note(note)
            } catch .rejected, .forbidden, .badResponse {
                // This Binary is refused or unreadable (not found, a scope not granted): the
                // note says where its text is held, and the sync goes on.
                continue
            }
        }
    }

    /// `FetchedResources.dropPatientsWithoutRecord`, a cached record counting as there.
    func dropPatientsWithoutRecord(from fetched: inout FetchedResources) throws -> Set<String> {
        try fetched.dropPatientsWithoutRecord { try cache.storedJSON(resourceType: "Patient", id: $0) != nil }
    }
}
