import CoreDomain

/// The status line's word when a sync's reload of the list shows patients with a critical
/// laboratory result newer than the one their row had: by bed only (`BedsText`), no test or
/// value, and neutral in style, as every notice is: the row's `C` and the chart carry the alarm
/// ("Bed 4W-12: critical result").
enum CriticalResultNotice {
    static func notice(from before: [PatientListEntry], to after: [PatientListEntry]) -> String? {
        let previous = Dictionary(before.map { ($0.id, $0.newestCriticalResult) }, uniquingKeysWith: { first, _ in first })
        let arrived = after.filter { entry in
            guard let critical = entry.newestCriticalResult, let known = previous[entry.id] else { return false }
            return known.map { critical > $0 } ?? true
        }
        guard !arrived.isEmpty else { return nil }
        return BedsText.naming(arrived) + (arrived.count == 1 ? ": critical result" : ": critical results")
    }
}
