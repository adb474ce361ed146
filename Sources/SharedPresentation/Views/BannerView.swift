import CoreDomain
import CoreUseCases

/// The patient banner at the top of every chart: two identifiers (name plus DOB and MRN),
/// age, sex, location, and the allergy status. It wraps rather than cut any of them. A patient
/// not on the census is marked NOT ON CENSUS (warning style: bold and underlined without color)
/// in front of the location, so no chart screen of theirs passes for one of this census.
/// Where it would leave too few rows under it, the compact banner stands in (`CompactBannerView`).
public enum BannerView {
    /// The banner in at most `room` lines where it can: the full one, else the compact one
    /// (which may still be taller than `room`: the screen then says it is too small).
    public static func lines(for chart: ChartState, width: Int, room: Int, context: ViewContext) -> [StyledLine] {
        let full = lines(for: chart, width: width, context: context)
        return full.count <= room ? full : CompactBannerView.lines(for: chart, width: width, room: room, context: context)
    }

    /// The full banner.
    public static func lines(for chart: ChartState, width: Int, context: ViewContext) -> [StyledLine] {
        let summary = chart.summary.value
        let patient = summary?.banner.patient ?? chart.listEntry.patient
        let location = summary?.banner.location ?? chart.listEntry.location
        // Each identifier is one item: a label never parts from its value ("MRN" on one line,
        // the number on the next). A name wider than the banner goes on lines of its own, whole.
        let name = nameLines(patient.name, width: width)
        var identity = name.count == 1 ? [name[0].spans] : []
        var sexAndAge = patient.gender.letter
        if let age = AgeText.format(patient, now: context.now, calendar: context.calendar, timeZone: context.timeZone) {
            sexAndAge += " \(age)"
        }
        identity.append([Span(sexAndAge, .banner)])
        identity.append([Span("DOB \(patient.birthDate.map(String.init(describing:)) ?? "unknown")", .banner)])
        identity.append([Span(patient.identifierText, .banner)])
        if patient.isDeceased { identity.append([Span("DECEASED", .critical)]) }

        let alert = chart.listEntry.hasLookAlike
            ? LineWrapping.wrap([Span(nameAlert, .critical)], width: width, indent: 2) : []
        var place: [Span] = []
        if chart.listEntry.isOffCensus { place += [Span("NOT ON CENSUS", .warning), Span(" · ")] }
        if let location, !location.label.isEmpty {
            place.append(Span(location.label + " · "))
        }
        // On every chart screen while in force: NEWS2 scores this patient's SpO2 on Scale 2.
        if summary?.isSpO2TargetSet == true { place += [Span(SpO2TargetEntry.text, .warning), Span(" · ")] }
        place += allergySpans(summary?.allergyStatus, isFailed: chart.summary.isFailed, isIncomplete: chart.isIncomplete)
        return (name.count == 1 ? [] : name) + LineWrapping.wrap(items: identity, width: width, gap: 2) + alert
            + LineWrapping.wrap(place, width: width, indent: 2)
    }

    /// The name as the banner writes it, on one line where it fits; else on as many as it
    /// takes, broken between words (and a word wider than the banner after a hyphen), so the
    /// given name is never dropped at the edge.
    static func nameLines(_ name: PersonName, width: Int) -> [StyledLine] {
        let text = bannerName(name)
        guard DisplayWidth.cells(text) > width else { return [StyledLine(text, .banner)] }
        return LineWrapping.wrap([Span(text, .banner)], width: width).flatMap { line in
            LineWrapping.broken(line.plainText, width: width).map { StyledLine($0, .banner) }
        }
    }

    /// On both charts of patients whose names look alike (see `LookAlikeNameRule`).
    static let nameAlert = "NAME ALERT: another patient with a similar name on this census"

    /// "BROWN, Robin": the family name in capitals so it cannot be misread as a given name.
    static func bannerName(_ name: PersonName) -> String {
        guard let family = name.family, !family.isEmpty else { return name.listName }
        let given = name.given.joined(separator: " ")
        return given.isEmpty ? family.uppercased() : "\(family.uppercased()), \(given)"
    }

    static func allergySpans(_ status: AllergyStatus?, isFailed: Bool, isIncomplete: Bool = false) -> [Span] {
        guard let status else {
            return [Span(isFailed ? "ALLERGIES: could not be loaded, check the record" : "ALLERGIES: loading…", .warning)]
        }
        // A hidden damaged record may be an allergy: never claim there are none.
        if isIncomplete, status.active.isEmpty {
            return [Span("ALLERGIES UNKNOWN: record damaged, check the source record", .critical)]
        }
        switch status {
        case .noKnownAllergies:
            return [Span("NKA (no known allergies)", .normal)]
        case .notRecorded:
            return [Span("ALLERGIES NOT RECORDED", .warning)]
        case .noActiveAllergies:
            return [Span("ALLERGIES: none active recorded", .warning)]
        case let .allergies(entries):
            // Every allergy by name, the severe first (as `AllergyStatus` orders them): a count
            // (`+1 more`) hid the second at 80x24. A long list wraps; the banner never cuts it.
            let names = entries.map { $0.substance.displayName }.joined(separator: ", ")
            return [Span("ALLERGY: \(names)", entries.contains(where: \.isSevere) ? .critical : .warning)]
        }
    }
}

extension Loadable {
    var isFailed: Bool {
        if case .failed = self { true } else { false }
    }
}
