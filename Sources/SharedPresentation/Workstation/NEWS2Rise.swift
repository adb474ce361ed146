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
        let beds = risen.map { $0.location.map(PatientListView.shortPlace) ?? "no bed" }
        let band = worst == .high ? "high" : "medium"
        guard beds.count > 1 else { return "Bed \(beds[0]): NEWS2 \(band)" }
        // The status line is one line: three beds, then how many more.
        let named = beds.prefix(3).joined(separator: ", ") + (beds.count > 3 ? " and \(beds.count - 3) more" : "")
        return "Beds \(named): NEWS2 \(worst == .high ? "medium or high" : "medium")"
    }
}
