import DataFHIR
import Foundation

extension CensusSync {
    /// Syncs only `ids`, census patients the listener (`emr hooks`) said changed: the same
    /// searches, budget, checks and single transaction (with its `sync` audit entry) as the
    /// census sync's, for those patients, each type since its watermark, so a result filed a
    /// second ago is on screen without a pass over the whole ward. Ids not on the census as last
    /// synced are left out: a notification never widens what the cache holds. The watermarks
    /// stay put, since they mark how far the whole census is synced: moving them for a few
    /// patients would skip the others' changes (the next census sync fetches these patients'
    /// changes again, which stores nothing twice). The census is not read from the server and
    /// its history is not touched.
    public func syncPatients(_ ids: [String]) async throws -> SyncReport {
        let started = Date()
        var report = SyncReport()
        let census = Set(try CensusHistory(cache: cache).census())
        let patients = Array(Set(ids).intersection(census)).sorted()
        report.censusPatients = census.count
        report.incremental = true
        guard !patients.isEmpty else { return report }
        let requestsBefore = await client.requestsSent()
        var fetched = FetchedResources()
        let allowance = FetchBudget(
            resources: budget.resources(for: patients.count), seconds: budget.seconds(for: patients.count), for: SyncBudget.words(patients.count))
        try await fetch(try Self.chartSearches(ids: patients, since: SyncState(cache: cache)), into: &fetched, budget: allowance)
        try await fetchReferenced(into: &fetched, budget: allowance)
        try await fetchNoteTexts(into: &fetched, budget: allowance)
        _ = try dropPatientsWithoutRecord(from: &fetched)

        report.fetchedByType = fetched.countByType
        report.stored = try CacheImporter(cache: cache).importResources(fetched.resources, source: "sync", audit: trail.map { ($0, .sync) })
        report.stored.problems += fetched.problems
        report.requests = await client.requestsSent() - requestsBefore
        report.seconds = Date().timeIntervalSince(started)
        return report
    }
}
