import CoreDomain
import CoreUseCases
import Foundation

/// The Summary tab: allergies, active problems, latest vitals, active medications, the last
/// three encounters, vaccines, recent procedures and care plans, each section headed so an
/// empty one still says so; goals, listed under the plans, only when there are some.
public enum SummaryView {

    /// `isIncomplete`: some records failed their integrity check and are hidden, so no
    /// section may claim that something is absent.
    public static func lines(_ summary: PatientSummary, width: Int, context: ViewContext, isIncomplete: Bool = false) -> [StyledLine] {
        func none(_ text: String) -> [[Span]] {
            [isIncomplete ? [Span("unknown: a damaged record is hidden, check the source record", .critical)] : [Span(text, .dim)]]
        }
        var lines: [StyledLine] = []
        let allergies = isIncomplete && summary.allergyStatus.active.isEmpty
            ? none("") : allergyItems(summary.allergyStatus, unicode: context.unicode)
        lines += LabelledSection.lines("Allergies", allergies, width: width)
        lines += LabelledSection.lines("Problems", summary.activeProblems.isEmpty
            ? none("none active")
            : summary.activeProblems.map { [Span(problemText($0, context: context))] }, width: width)
        lines += vitals(summary.latestVitals, width: width, context: context)
        if let news2 = summary.latestNEWS2 {
            lines += LabelledSection.lines("NEWS2", [news2Item(news2, context: context)], width: width)
        }
        if !summary.criticalResults.isEmpty {
            lines += LabelledSection.lines("Results", summary.criticalResults.map { criticalItem($0, context: context) }, width: width)
        }
        lines += LabelledSection.lines("Meds", summary.activeMedications.isEmpty
            ? none("no active orders")
            : summary.activeMedications.map { order in
                MedicationsView.allergyMarker(summary.allergyConflicts[order.id]) + [Span(MedicationLineText.format(order, unicode: context.unicode))]
            }, width: width)
        lines += LabelledSection.lines("Encounters", summary.recentEncounters.isEmpty
            ? [[Span("none recorded", .dim)]]
            : summary.recentEncounters.map { [Span(EncounterLineText.oneLine($0, context: context))] }, width: width)
        lines += LabelledSection.lines("Vaccines", summary.vaccines.isEmpty
            ? none("none recorded")
            : summary.vaccines.map { [Span(vaccineText($0, context: context))] }, width: width)
        lines += LabelledSection.lines("Procedures", summary.recentProcedures.isEmpty
            ? none("none recorded")
            : summary.recentProcedures.map { procedure in
                [Span(procedure.code.displayName + (procedure.performed.map { " " + context.date($0) } ?? ""))]
            }, width: width)
        lines += LabelledSection.lines("Care plans", summary.carePlans.isEmpty
            ? none("none active")
            : summary.carePlans.map { plan in
                let activities = plan.activities.map(\.displayName)
                return [Span(CarePlanRule.name(plan) + (activities.isEmpty ? "" : ": " + activities.joined(separator: ", ")))]
            }, width: width)
        if !summary.goals.isEmpty {
            lines += LabelledSection.lines("Goals", summary.goals.map { [Span($0.description.displayName)] }, width: width)
        }
        return lines
    }

    /// "7 HIGH at 14:05 · continuous monitoring", "2 LOW at 14:05 · next by 18:05", or
    /// "incomplete: no ACVPU (14:05)": the newest round, and when the next one is due.
    static func news2Item(_ round: NEWS2Round, context: ViewContext) -> [Span] {
        let when = context.dateTime(round.time)
        guard let score = round.outcome.score else { return [Span("\(round.outcome.words) (\(when))", .dim)] }
        var text = "\(round.outcome.words) at \(when) · "
        text += round.nextDue.map { "next by " + context.dateTime($0) } ?? "continuous monitoring"
        let role: TextRole = switch score.risk {
        case .high: .critical
        case .medium, .lowMedium: .abnormal
        case .low: .normal
        }
        return [Span(text, role)]
    }

    /// "Potassium 6.8 HH mmol/L 14:05": a critical lab result of the last 72 hours, the newest
    /// of its test, with how many more there were; judged by the ward's range, it says so.
    static func criticalItem(_ test: ResultTest, context: ViewContext) -> [Span] {
        guard let newest = test.results.first else { return [] }
        var text = test.name + " " + LabValueText.valueWithFlag(newest, test: test.key)
        if let unit = newest.unit.flatMap({ UnitText.display($0, unicode: context.unicode) }) { text += " " + unit }
        text += " " + context.dateTime(newest.collected)
        if newest.isWardRange { text += " (ward's range)" }
        if test.results.count > 1 { text += " (+\(test.results.count - 1) more critical)" }
        return [Span(text, .critical)]
    }

    /// "Hypertension", or for a problem the source lists repeatedly "Medication review due ×13
    /// since 2012" (`x13` without Unicode).
    static func problemText(_ problem: ActiveProblem, context: ViewContext) -> String {
        let name = problem.condition.code.displayName
        guard problem.count > 1 else { return name }
        let since = problem.since.map { " since " + String(context.date($0).prefix(4)) } ?? ""
        return name + " " + (context.unicode ? "×" : "x") + "\(problem.count)" + since
    }

    /// "Influenza ×2 last 2025-01-20" (`x2` without Unicode); one dose reads "Influenza 2025-01-20".
    static func vaccineText(_ vaccine: VaccineHistory, context: ViewContext) -> String {
        let last = vaccine.last.map(context.date)
        guard vaccine.count > 1 else { return [vaccine.vaccine.displayName, last].compactMap { $0 }.joined(separator: " ") }
        return vaccine.vaccine.displayName + " " + (context.unicode ? "×" : "x") + "\(vaccine.count)" + (last.map { " last " + $0 } ?? "")
    }

    static func allergyItems(_ status: AllergyStatus, unicode: Bool) -> [[Span]] {
        switch status {
        case .noKnownAllergies: return [[Span("NKA (no known allergies)")]]
        case .notRecorded: return [[Span("not recorded: ask the patient and record them", .warning)]]
        case .noActiveAllergies: return [[Span("no active allergy recorded; check with the patient", .warning)]]
        case let .allergies(entries):
            return entries.map { allergy in
                var details: [String] = []
                if let criticality = allergy.criticality {
                    details.append(criticality == .unableToAssess ? "criticality unknown" : "\(criticality.rawValue) criticality")
                }
                let reactions = allergy.reactions.flatMap { reaction in
                    reaction.manifestations.map { manifestation in
                        [manifestation.displayName, reaction.severity?.rawValue].compactMap { $0 }.joined(separator: " ")
                    }
                }
                details += reactions
                let text = allergy.substance.displayName + (details.isEmpty ? "" : " (\(details.joined(separator: "; ")))")
                return [Span(text, allergy.isSevere ? .critical : .warning)]
            }
        }
    }

    static func vitals(_ readings: [VitalReading], width: Int, context: ViewContext) -> [StyledLine] {
        guard let newest = readings.map(\.effective).max() else {
            return LabelledSection.lines("Vitals", [[Span("none recorded", .dim)]], width: width)
        }
        let when = "\(context.dateTime(newest)) (\(RelativeTimeText.format(newest, now: context.now)))"
        let room = max(10, width - LabelledSection.labelWidth)
        let readingItems = readings.map { reading in
            let parts = VitalText.parts(reading, unicode: context.unicode)
            var spans = [Span("\(parts.label) "), Span(parts.valueWithMarker, reading.flag.role)]
            if let unit = parts.unit { spans.append(Span(" \(unit)")) }
            if let word = DeliveryText.word(reading.delivery) { spans.append(Span(" (\(word))", DeliveryText.role(reading.delivery))) }
            // A value not taken with the newest round says when it was; one round is one
            // entry, whose values share a time (a source naming nobody: within a minute).
            guard newest.timeIntervalSince(reading.effective) > 60 else { return spans }
            // On a narrow pane the word goes first, then the time, never a digit of the value.
            let cells = spans.map { DisplayWidth.cells($0.text) }.reduce(0, +)
            let time = context.dateTime(reading.effective)
            for suffix in [" at \(time)", " \(time)"] where cells + DisplayWidth.cells(suffix) <= room {
                return spans + [Span(suffix, .dim)]
            }
            return spans
        }
        var lines = LabelledSection.lines("Vitals", [[Span(when, .dim)]], width: width)
        let indent = Span(String(repeating: " ", count: LabelledSection.labelWidth))
        for line in LineWrapping.wrap(items: readingItems, width: room) {
            lines.append(StyledLine([indent] + line.spans))
        }
        // The oxygen the SpO2 was taken on, as running text: it wraps, its numbers whole.
        if let oxygen = VitalText.supplementalText(readings.first { $0.sign == .oxygenSaturation }) {
            lines += LineWrapping.wrap([Span("SpO2 " + oxygen)], width: room).map { StyledLine([indent] + $0.spans) }
        }
        // The server's reason, once per distinct message, so a refused value is never silently stuck.
        var failures: [String] = []
        for case let .failed(message) in readings.map(\.delivery) where !failures.contains(message) { failures.append(message) }
        for message in failures {
            for line in LineWrapping.wrap([Span("failed: " + message, .critical)], width: max(10, width - LabelledSection.labelWidth), indent: 2) {
                lines.append(StyledLine([indent] + line.spans))
            }
        }
        return lines
    }
}
