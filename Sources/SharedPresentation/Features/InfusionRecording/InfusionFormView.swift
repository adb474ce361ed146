import CoreDomain
import CoreUseCases
import Foundation

/// Recording an infusion's action: the order whole (drug, rate, route; pinned at a small
/// terminal), where it stands now, an allergy in the critical style, then the step's question;
/// at the confirm step what will be recorded: the action, the rate beside the order's and how
/// many times it is, why, and when.
enum InfusionFormView {
    static func content(_ form: InfusionFormState, width: Int, context: ViewContext) -> ScrollContent {
        let clock = CalendarFields.calendar(context.calendar, in: context.timeZone)
        var lines = LineWrapping.wrap([Span("Order ", .accent), Span(MedicationLineText.format(form.infusion.request, unicode: context.unicode))],
                                      width: width, indent: 6)
        let pinned = lines.count
        lines += LineWrapping.wrap([Span("Now   ", .accent), InfusionLines.state(form.infusion.state, clock: clock, unicode: context.unicode)]
                                   + (form.infusion.titration.map { [Span(" · "), Span($0, .dim)] } ?? []), width: width, indent: 6)
        if let allergen = form.allergen {
            lines += LineWrapping.wrap([Span("ALLERGY: \(allergen) — the patient is allergic to this drug", .critical)], width: width)
        }
        lines.append(StyledLine(""))
        var content = step(form, lines, width: width, context: context)
        content.pinned = 0..<pinned
        return content
    }

    private static func step(_ form: InfusionFormState, _ above: [StyledLine], width: Int, context: ViewContext) -> ScrollContent {
        var lines = above
        func field(_ label: String, _ hint: String, from: Int? = nil) -> ScrollContent {
            FormField.content(label, input: form.input, refusal: form.refusal, hint: hint, below: lines, width: width, from: from)
        }
        switch form.step {
        case .wristband:
            return field("Wristband MRN: ", "Scan the wristband, or type the MRN, then Enter.")
        case .action:
            let question = lines.count
            let actions = form.infusion.actions.map { [Span(String(InfusionFormState.letter($0)), .accent), Span(" " + $0.rawValue)] }
            lines += LineWrapping.wrap(items: actions + [[Span("Esc leave (nothing recorded)", .dim)]], width: width, gap: 3)
            return ScrollContent(lines: lines, focus: question..<lines.count)
        case .drug:
            return DrugScanRule.needsName(form.infusion.request)
                ? field("Drug name: ", "The order has no code to scan: type the drug's name as the label reads, then Enter.")
                : field("Drug code: ", "Scan the bag's barcode, or type its code; one that will not scan: type the name as the label reads. Then Enter.")
        case let .allergy(substance):
            let question = lines.count
            lines += LineWrapping.wrap([Span("Override the allergy to \(substance)?", .critical)], width: width)
            return field("Reason: ", "Type why it is given despite the allergy, then Enter; Esc back.", from: question)
        case .rate:
            // The order's own rate as the example: a number and the unit the order writes it in.
            let ordered = form.infusion.request.rate.map { " (ordered: " + MedicationLineText.rate($0, unicode: context.unicode) + ")" } ?? ""
            return field("Rate: ", "The rate it runs at now\(ordered); change it if it is another, then Enter.")
        case let .rateReason(difference):
            let question = lines.count
            lines += LineWrapping.wrap([Span("rate " + difference.sentence, .critical)], width: width)
            return field("Reason: ", "Type why it runs at this rate, then Enter; Esc back.", from: question)
        case let .rateRetype(difference):
            let question = lines.count
            lines += LineWrapping.wrap([Span("rate " + difference.sentence, .critical)], width: width)
            return field("Rate again: ", "Type the rate again (\(difference.given)), then Enter; Esc back.", from: question)
        case .reason:
            return field("Why: ", "Why it is \(form.action == .pause ? "paused" : "stopped") (or leave it empty), then Enter.")
        case .time:
            return field("At: ", "HH:MM, or empty for now, then Enter.")
        case .confirming, .saving:
            return ScrollContent(lines: lines + confirm(form, width: width, context: context))
        }
    }

    private static func confirm(_ form: InfusionFormState, width: Int, context: ViewContext) -> [StyledLine] {
        guard let record = form.record, let action = form.action else { return [] }
        var lines = PatientCheckLines.lines(form.patient, wristbandChecked: form.wristbandCheck, width: width)
        if let drug = form.drugConfirmed { lines += LineWrapping.wrap([Span("Drug   ", .accent), Span(drug)], width: width, indent: 7) }
        let rate = record.rate.map { " at " + MedicationLineText.rate($0, unicode: context.unicode) } ?? ""
        let ordered = form.infusion.request.rate.map { MedicationLineText.rate($0, unicode: context.unicode) }
        let beside = record.rate != nil && form.rateCheck != .same && form.rateCheck != nil ? ordered.map { " (ordered \($0))" } ?? "" : ""
        lines += LineWrapping.wrap([Span("Record ", .accent), Span("\(action.rawValue.uppercased())\(rate)\(beside) at \(context.dateTime(record.effective))"
                                                                    + (record.reason.map { ": " + $0 } ?? ""))], width: width, indent: 7)
        if let sentence = form.rateCheck?.sentence, form.rateCheck != .unordered {
            lines += LineWrapping.wrap([Span("rate " + sentence, .critical)], width: width, indent: 7)
        }
        for note in record.notes { lines += LineWrapping.wrap([Span("  note: " + note, .warning)], width: width, indent: 8) }
        if let failure = form.failure { lines += LineWrapping.wrap([Span(failure, .critical)], width: width) }
        lines += LineWrapping.wrap([Span("Enter records it · Esc back (nothing recorded)", .warning)], width: width)
        return lines
    }
}
