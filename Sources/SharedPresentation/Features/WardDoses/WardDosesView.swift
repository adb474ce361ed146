import CoreDomain
import CoreUseCases

/// The ward's due list: per patient (an item) a line with the bed and two identifiers (name
/// with its look-alike mark, DOB and MRN), then their doses as the MAR writes them (`MARView`).
/// A patient with nothing due is not listed; an empty ward says so.
public enum WardDosesView {
    /// The screen's title: short enough for the smallest screen's frame.
    public static let title = "Doses due · next hour and late"

    public static func content(_ state: WardDosesState, width: Int, context: ViewContext) -> ScrollContent {
        switch state.list {
        case .loading: return ScrollContent(lines: [StyledLine("reading the ward's orders…", .dim)])
        case let .failed(message): return ScrollContent(lines: [StyledLine(message, .critical)])
        case let .loaded(list):
            guard !list.patients.isEmpty else {
                return ScrollContent(lines: [StyledLine("No dose is due in the next hour or late on this census.", .dim)])
            }
            let minutes = Int(list.window / 60)
            var lines = LineWrapping.wrap([Span("due \(minutes) min either side of a dose's time; by bed", .dim)], width: width)
            var items: [ScrollItem] = []
            for (index, patient) in list.patients.enumerated() {
                let start = lines.count
                lines += heading(patient.entry, isChosen: index == state.position.selected, width: width, context: context)
                for dose in patient.doses {
                    lines += MARView.doseLines(dose, window: list.window, allergen: patient.allergyConflicts[dose.request.id], width: width, context: context)
                }
                items.append(ScrollItem(lines: start..<lines.count))
            }
            return ScrollContent(lines: lines, items: items)
        }
    }

    /// "4W-12  ≈ BROWN, Robin  DOB 1954-04-12  MRN POP-000010", each identifier whole.
    static func heading(_ entry: PatientListEntry, isChosen: Bool, width: Int, context: ViewContext) -> [StyledLine] {
        let role: TextRole = isChosen ? .selected : .accent
        let bed = entry.location.map { [$0.ward, $0.bed].compactMap { $0 }.joined(separator: "-") } ?? "no bed"
        let mark = entry.hasLookAlike ? (context.unicode ? "≈ " : "~ ") : ""
        let items: [[Span]] = [
            [Span(bed, role)], [Span(mark + BannerView.bannerName(entry.patient.name), role)],
            [Span("DOB \(entry.patient.birthDate.map(String.init(describing:)) ?? "unknown")", role)],
            [Span(entry.patient.identifierText, role)],
        ]
        return LineWrapping.wrap(items: items, width: width, gap: 2)
    }
}
