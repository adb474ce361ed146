import CoreDomain
import CoreUseCases

/// The patient banner at the top of every chart: two identifiers (name plus DOB and MRN),
/// age, sex, location, and the allergy status. It wraps rather than cut any of them. A patient
/// not on the census is marked NOT ON CENSUS (warning style: bold and underlined without color)
/// in front of the location, so no chart screen of theirs passes for one of this census.
public enum BannerView {
    public static func lines(for chart: ChartState, width: Int, context: ViewContext) -> [StyledLine] {
        let summary = chart.summary.value
        let patient = summary?.banner.patient ?? chart.listEntry.patient
        let location = summary?.banner.location ?? chart.listEntry.location
        // Each identifier is one item: a label never parts from its value ("MRN" on one line,
        // the number on the next).
        var identity = [[Span(bannerName(patient.name), .banner)]]
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
        return LineWrapping.wrap(items: identity, width: width, gap: 2) + alert + LineWrapping.wrap(place, width: width, indent: 2)
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
            let severe = entries.filter(\.isSevere)
            let shown = severe.isEmpty ? entries : severe
            let names = shown.map { $0.substance.displayName }.joined(separator: ", ")
            let more = entries.count > shown.count ? " +\(entries.count - shown.count) more" : ""
            return [Span("ALLERGY: \(names)\(more)", severe.isEmpty ? .warning : .critical)]
        }
    }
}

extension Loadable {
    var isFailed: Bool {
        if case .failed = self { true } else { false }
    }
}
