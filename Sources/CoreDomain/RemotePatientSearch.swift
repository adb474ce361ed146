/// A patient search sent to the server, for patients this workstation does not keep: the
/// typed terms by kind, every one of which must match (as in the list's own search).
public struct RemotePatientQuery: Hashable, Sendable {
    /// Name words, each matching the start of a family or given name.
    public var names: [String]
    /// Identifier values (an MRN), matched whole.
    public var identifiers: [String]
    /// Birth dates as typed: `YYYY`, `YYYY-MM` or `YYYY-MM-DD`, matched to that precision.
    public var birthDates: [PartialDate]

    public init(names: [String] = [], identifiers: [String] = [], birthDates: [PartialDate] = []) {
        self.names = names
        self.identifiers = identifiers
        self.birthDates = birthDates
    }

    public var isEmpty: Bool { names.isEmpty && identifiers.isEmpty && birthDates.isEmpty }
}

/// What the server answered: at most the page asked for, and whether it holds more.
public struct RemotePatientMatches: Hashable, Sendable {
    public var patients: [Patient]
    public var hasMore: Bool

    public init(patients: [Patient], hasMore: Bool = false) {
        self.patients = patients
        self.hasMore = hasMore
    }
}

/// The server behind the census (online mode): searched only when the user asks, since a
/// request per keystroke would crawl on a slow link, and the source of a chart the user opens
/// from its answer.
public protocol RemotePatientSearch: Sendable {
    /// The patients matching `query` on the server (one page of at most `limit`), less those
    /// this workstation keeps already: the list shows those itself.
    func search(_ query: RemotePatientQuery, limit: Int) async throws -> RemotePatientMatches
    /// Brings `patientID`'s chart into the local cache, so it opens like any cached chart.
    func fetchChart(patientID: String) async throws
}
