import CoreDomain

/// The status line's word when a reload of the list (after a sync, or a round charted here)
/// shows patients newly in the medium or high NEWS2 band: bed and band only, no name or
/// value, so it may stand on a shared screen ("Bed 4W-12: NEWS2 high").
enum NEWS2Rise {
    static func notice(from before: [PatientListEntry], to after: [PatientListEntry]) -> String? {
        let previous = Dictionary(before.map { ($0.id, $0.earlyWarning?.band) }, uniquingKeysWith: { first, _ in first })
        let risen = after.filter { entry in
            guard let band = entry.earlyWarning?.band, band >= .medium, let known = previous[entry.id] else { return false }
            return known.map { band > $0 } ?? true
        }
        guard let worst = risen.map({ $0.earlyWarning!.band }).max() else { return nil }
        let band = risen.count == 1 ? (worst == .high ? "high" : "medium") : (worst == .high ? "medium or high" : "medium")
        return BedsText.naming(risen) + ": NEWS2 " + band
    }
}
