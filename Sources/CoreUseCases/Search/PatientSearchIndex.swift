import CoreDomain

/// The census, sorted and keyed once, answering patient-list searches with pages.
///
/// Build it when the rows change (unlock, import, sync), not per keystroke: building folds every
/// name; a search compares bytes in contiguous buffers (see `PatientMatcher`) and keeps the list
/// order (see `PatientListOrder`). The ward filter is an exact match on the ward name, as
/// offered by `wards`.
public struct PatientSearchIndex: Sendable {
    private var entries: [PatientListEntry]
    /// All rows' name keys end to end; row i's is `names[nameEnds[i-1]..<nameEnds[i]]`.
    private let names: [UInt8]
    private let nameEnds: [Int]
    private let mrns: [UInt8]
    private let mrnEnds: [Int]
    private let birthDates: [PartialDate?]
    /// Each row's ward as a position in `wards`; -1 for none.
    private let wardNumbers: [Int]
    /// The rows highest NEWS2 first (see `PatientSearch.byEarlyWarning`), as positions in list order.
    private var riskOrder: [Int]
    /// Every ward with at least one patient, in list order.
    public let wards: [String]

    public init(entries: [PatientListEntry]) {
        // Each row's order and look-alike keys on every core: at a 100k census's start this was
        // most of the time.
        let keyed = entries.chunkedMap { chunk in
            var memo = SearchFolding.Memo()
            return chunk.map { entry in (order: PatientListOrder.sortKey(entry, memo: &memo), lookAlike: LookAlikeNameRule.key(entry.patient.name)) }
        }
        let lookAlikes = LookAlikeNameRule.marks(keyed.map(\.lookAlike))
        let sorted = keyed.indices.sorted { PatientListOrder.areInIncreasingOrder(keyed[$0].order, keyed[$1].order) }.map { index in
            var entry = entries[index]
            entry.hasLookAlike = lookAlikes[index]
            return entry
        }
        // The search keys in list order, each chunk's end to end, then the chunks joined.
        var names: [UInt8] = [], nameEnds: [Int] = [], mrns: [UInt8] = [], mrnEnds: [Int] = []
        for part in sorted.chunkedMap({ [SearchBytes($0)] }) {
            nameEnds += part.nameEnds.map { $0 + names.count }
            names += part.names
            mrnEnds += part.mrnEnds.map { $0 + mrns.count }
            mrns += part.mrns
        }
        var wards: [String] = [], wardNumbers: [Int] = [], wardNumber: [String: Int] = [:]
        for entry in sorted {
            if let ward = entry.location?.ward {
                if wardNumber[ward] == nil {
                    wardNumber[ward] = wards.count
                    wards.append(ward)
                }
                wardNumbers.append(wardNumber[ward] ?? -1)
            } else {
                wardNumbers.append(-1)
            }
        }
        self.entries = sorted
        self.names = names
        self.nameEnds = nameEnds
        self.mrns = mrns
        self.mrnEnds = mrnEnds
        self.birthDates = sorted.map(\.patient.birthDate)
        self.wardNumbers = wardNumbers
        self.wards = wards
        self.riskOrder = Self.riskOrder(sorted)
    }

    /// Rows' name and MRN keys end to end, as the index keeps them, for a run of rows.
    private struct SearchBytes: Sendable {
        var names: [UInt8] = [], nameEnds: [Int] = [], mrns: [UInt8] = [], mrnEnds: [Int] = []

        init(_ rows: ArraySlice<PatientListEntry>) {
            var memo = SearchFolding.Memo()
            for entry in rows {
                let key = PatientSearchKey(patient: entry.patient, location: entry.location, memo: &memo)
                names += key.nameBytes
                nameEnds.append(names.count)
                mrns += key.mrn
                mrnEnds.append(mrns.count)
            }
        }
    }

    /// Highest band, then highest total, then the round due soonest (continuous monitoring
    /// first), then list order; patients without a score after all who have one.
    private static func riskOrder(_ entries: [PatientListEntry]) -> [Int] {
        entries.indices.sorted { a, b in
            switch (entries[a].earlyWarning, entries[b].earlyWarning) {
            case (nil, nil): return a < b
            case (nil, _?): return false
            case (_?, nil): return true
            case let (x?, y?):
                if x.band != y.band { return x.band > y.band }
                if x.total != y.total { return x.total > y.total }
                let dueX = x.nextDue ?? .distantPast, dueY = y.nextDue ?? .distantPast
                return dueX != dueY ? dueX < dueY : a < b
            }
        }
    }

    public var count: Int { entries.count }

    /// The index with `entry`'s row (same patient id) replaced, keeping the row's census and
    /// look-alike marks (a changed name is indexed anew, marks and all).
    /// A row whose name, identifiers and place are unchanged keeps its place and keys (a
    /// marker changed): no re-sort, so charting on a 100k census costs a scan, not a rebuild.
    public func replacing(_ entry: PatientListEntry) -> PatientSearchIndex {
        guard let position = entries.firstIndex(where: { $0.id == entry.id }) else { return self }
        var updated = entry
        updated.isOffCensus = entries[position].isOffCensus
        updated.hasLookAlike = entries[position].hasLookAlike
        var rows = entries
        rows[position] = updated
        guard entries[position].patient == updated.patient, entries[position].location == updated.location else {
            return PatientSearchIndex(entries: rows)
        }
        var copy = self
        copy.entries = rows
        if entries[position].earlyWarning != updated.earlyWarning { copy.riskOrder = Self.riskOrder(rows) }
        return copy
    }

    /// The page of rows matching `search`, in list order (or highest NEWS2 first), with the
    /// number of all matches.
    public func page(for search: PatientSearch) -> PatientPage {
        var wardFilter: Int?
        if let ward = search.ward {
            guard let number = wards.firstIndex(of: ward) else { return PatientPage(entries: [], total: 0) }
            wardFilter = number
        }
        var pageRows: [Int] = []
        var total = 0
        PatientMatcher(search.text).withTerms { terms in
            names.withUnsafeBufferPointer { names in
                mrns.withUnsafeBufferPointer { mrns in
                    func match(_ row: Int) {
                        let name = UnsafeBufferPointer(rebasing: names[(row == 0 ? 0 : nameEnds[row - 1])..<nameEnds[row]])
                        let mrn = UnsafeBufferPointer(rebasing: mrns[(row == 0 ? 0 : mrnEnds[row - 1])..<mrnEnds[row]])
                        if let wardFilter, wardNumbers[row] != wardFilter { return }
                        guard terms.matches(name: name, mrn: mrn, birthDate: birthDates[row]) else { return }
                        if total >= search.offset && pageRows.count < search.limit { pageRows.append(row) }
                        total += 1
                    }
                    if search.byEarlyWarning {
                        for row in riskOrder { match(row) }
                    } else {
                        for row in 0..<entries.count { match(row) }
                    }
                }
            }
        }
        return PatientPage(entries: pageRows.map { entries[$0] }, total: total)
    }
}
