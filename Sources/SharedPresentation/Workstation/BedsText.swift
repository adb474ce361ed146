import CoreDomain

/// Patients named on the status line by bed alone, no name or value, so a notice may stand on
/// a shared screen: `Bed 4W-12`, or for several, three beds and how many more
/// (`Beds 4W-1, 4W-2, 4W-3 and 2 more`), the status line being one line.
enum BedsText {
    static func naming(_ entries: [PatientListEntry]) -> String {
        let beds = entries.map { $0.location.map(PatientListView.shortPlace) ?? "no bed" }
        guard beds.count > 1 else { return "Bed " + (beds.first ?? "no bed") }
        return "Beds " + beds.prefix(3).joined(separator: ", ") + (beds.count > 3 ? " and \(beds.count - 3) more" : "")
    }
}
