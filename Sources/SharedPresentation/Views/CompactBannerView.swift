import CoreDomain
import CoreUseCases

/// The banner where the full one would leave the chart fewer than four rows (a tall banner at
/// 40x12): the name with its given name and `≈ NAME ALERT` (and `DECEASED`, `NOT ON CENSUS`),
/// then DOB, MRN and `ALLERGY n` with the first one, shortened in words, never in number:
///
///     GONZALEZ, Rebecca  ≈ NAME ALERT
///     DOB 1945-04-22  MRN 100001  ALLERGY 2 Lat…
enum CompactBannerView {
    static func lines(for chart: ChartState, width: Int, context: ViewContext) -> [StyledLine] {
        let summary = chart.summary.value
        let patient = summary?.banner.patient ?? chart.listEntry.patient
        var marks: [[Span]] = []
        if chart.listEntry.hasLookAlike { marks.append([Span((context.unicode ? "≈" : "~") + " NAME ALERT", .critical)]) }
        if patient.isDeceased { marks.append([Span("DECEASED", .critical)]) }
        if chart.listEntry.isOffCensus { marks.append([Span("NOT ON CENSUS", .warning)]) }
        let name = BannerView.nameLines(patient.name, width: width)
        let first = LineWrapping.wrap(items: [name[name.count - 1].spans] + marks, width: width, gap: 2)
        let identifiers = [Span("DOB \(patient.birthDate.map(String.init(describing:)) ?? "unknown")", .banner), Span("  "),
                           Span(patient.identifierText, .banner)]
        let used = identifiers.reduce(0) { $0 + DisplayWidth.cells($1.text) }
        let status = allergy(summary?.allergyStatus, isFailed: chart.summary.isFailed, isIncomplete: chart.isIncomplete)
        // On the identifiers' line when it fits there with a few letters of the first allergen,
        // else on a line of its own.
        let room = width - used - 2
        let second: [StyledLine] = status.fits(room)
            ? [StyledLine(identifiers + [Span("  "), status.span(width: room, unicode: context.unicode)])]
            : LineWrapping.wrap(identifiers, width: width) + [StyledLine([status.span(width: width, unicode: context.unicode)])]
        return name.dropLast() + first + second
    }

    /// The allergy status in a few words: `ALLERGY 2 ` and the first allergen (`Latex`), whose
    /// name alone is shortened to fit; `NKA`.
    private struct Status {
        var words: String
        var allergen = ""
        var role: TextRole = .normal

        /// Whether it fits `width` with at least three letters of the allergen.
        func fits(_ width: Int) -> Bool { DisplayWidth.cells(words) + min(4, DisplayWidth.cells(allergen)) <= width }

        func span(width: Int, unicode: Bool) -> Span {
            let room = max(0, width - DisplayWidth.cells(words))
            var name = TextFitting.fit(allergen, width: room, unicode: unicode)
            if DisplayWidth.cells(name) > room { name = String(name.prefix(max(0, room - 1))) + (unicode ? "…" : ".") }
            return Span(words + (allergen.isEmpty ? "" : name), role)
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
