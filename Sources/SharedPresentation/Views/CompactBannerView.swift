import CoreDomain
import CoreUseCases

/// The banner where the full one would leave the chart fewer than four rows (a tall banner at
/// 40x12): the name with its given name and `≈ NAME ALERT` (and `DECEASED`, `NOT ON CENSUS`),
/// then DOB, MRN and `ALLERGY n` with the first allergen, in as few lines as `room` asks:
///
///     GONZALEZ, Rebecca  ≈ NAME ALERT
///     DOB 1945-04-22  MRN 100001  ALLERGY 2 Lat…
///
/// Where one line must hold them all, the labels go first (`1945-04-22 MRN 100001`), then the
/// MRN (name and DOB stay the two identifiers). Only the allergen's name is shortened, in
/// letters; the name, the dates, the numbers and the count never are.
enum CompactBannerView {
    static func lines(for chart: ChartState, width: Int, room: Int, context: ViewContext) -> [StyledLine] {
        let summary = chart.summary.value
        let patient = summary?.banner.patient ?? chart.listEntry.patient
        var marks: [[Span]] = []
        if chart.listEntry.hasLookAlike { marks.append([Span((context.unicode ? "≈" : "~") + " NAME ALERT", .critical)]) }
        if patient.isDeceased { marks.append([Span("DECEASED", .critical)]) }
        if chart.listEntry.isOffCensus { marks.append([Span("NOT ON CENSUS", .warning)]) }
        let name = BannerView.nameLines(patient.name, width: width)
        let named = Array(name.dropLast()) + LineWrapping.wrap(items: [name[name.count - 1].spans] + marks, width: width, gap: 2)
        let status = allergy(summary?.allergyStatus, isFailed: chart.summary.isFailed, isIncomplete: chart.isIncomplete)
        let born = patient.birthDate.map(String.init(describing:)) ?? "unknown"
        let id = Span(patient.identifierText, .banner)
        // The ways to write the rest, the fullest first: the first to fit the lines left is it.
        let ways: [[StyledLine]] = [
            [StyledLine([Span("DOB \(born)", .banner), Span("  "), id, Span("  ")] + [status.span(width: width - 6 - born.count - DisplayWidth.cells(id.text) - 2, unicode: context.unicode)])],
            [StyledLine([Span("DOB \(born)", .banner), Span("  "), id]), StyledLine([status.span(width: width, unicode: context.unicode)])],
            [StyledLine([Span(born, .banner), Span(" "), id, Span(" ")] + [status.span(width: width - born.count - DisplayWidth.cells(id.text) - 2, unicode: context.unicode)])],
            [StyledLine([Span("DOB \(born)", .banner), Span(" ")] + [status.span(width: width - 5 - born.count, unicode: context.unicode)])],
        ]
        let fitting = ways.filter { way in way.allSatisfy { DisplayWidth.cells($0.plainText) <= width } && status.isWhole(way) }
        let rest = fitting.first { named.count + $0.count <= room } ?? fitting.last ?? ways[1]
        return named + rest
    }

    /// The allergy status in a few words: `ALLERGY 2 ` and the first allergen (`Latex`), whose
    /// name alone is shortened to fit; `NKA`.
    private struct Status {
        var words: String
        var allergen = ""
        var role: TextRole = .normal

        /// The words whole, and as much of the allergen's name as fits: whole words while they
        /// do, then `…` (a first word too long for the room, its first letters and `…`).
        func span(width: Int, unicode: Bool) -> Span {
            let room = max(0, width - DisplayWidth.cells(words))
            guard DisplayWidth.cells(allergen) > room else { return Span(words + allergen, role) }
            let mark = unicode ? "…" : "."
            var name = ""
            for word in allergen.split(separator: " ") {
                let next = name.isEmpty ? String(word) : name + " " + word
                guard DisplayWidth.cells(next) + 1 <= room else { break }
                name = next
            }
            if name.isEmpty { name = String(allergen.prefix(max(0, room - 1))) }
            return Span(words + name + mark, role)
        }

        /// `way` holds the words and enough of the allergen to tell it.
        func isWhole(_ way: [StyledLine]) -> Bool {
            let text = way.map(\.plainText).joined(separator: " ")
            guard let range = text.range(of: words) else { return false }
            return allergen.isEmpty || text[range.upperBound...].prefix(3) == allergen.prefix(3)
        }
    }

    private static func allergy(_ status: AllergyStatus?, isFailed: Bool, isIncomplete: Bool) -> Status {
        guard let status else { return Status(words: isFailed ? "ALLERGIES NOT LOADED" : "ALLERGIES loading…", role: .warning) }
        if isIncomplete, status.active.isEmpty { return Status(words: "ALLERGIES UNKNOWN", role: .critical) }
        switch status {
        case .noKnownAllergies: return Status(words: "NKA")
        case .notRecorded: return Status(words: "ALLERGIES NOT RECORDED", role: .warning)
        case .noActiveAllergies: return Status(words: "NO ACTIVE ALLERGY", role: .warning)
        case let .allergies(entries):
            return Status(words: "ALLERGY \(entries.count) ", allergen: entries[0].substance.displayName,
                          role: entries.contains(where: \.isSevere) ? .critical : .warning)
        }
    }
}
