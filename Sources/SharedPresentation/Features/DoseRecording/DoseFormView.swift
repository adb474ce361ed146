import CoreDomain
import CoreUseCases
import Foundation

/// Recording a dose: the order whole (drug, dose with its unit, route, schedule: ISMP style,
/// never cut), its time and where it stands, an allergy in the critical style and the
/// pre-administration checks (`check heart rate 58 L /min 1 h ago`) on every step, then the
/// step's question; at the confirm step everything that will be recorded (the drug as
/// confirmed, the dose given beside the order's and how many times it is), and, when the ward
/// does not check wristbands, the patient named in full.
public enum DoseFormView {
    /// The order's lines (drug, dose, route) are pinned: at a small terminal they stay in view
    /// while the step below scrolls, so the nurse always sees what is being recorded.
    public static func content(_ form: DoseFormState, width: Int, context: ViewContext) -> ScrollContent {
        let order = LineWrapping.wrap([Span("Order ", .accent), Span(MedicationLineText.format(form.dose.request, unicode: context.unicode))],
                                      width: width, indent: 6)
        var content = step(form, below: order, width: width, context: context)
        content.pinned = 0..<order.count
        return content
    }

    private static func step(_ form: DoseFormState, below order: [StyledLine], width: Int, context: ViewContext) -> ScrollContent {
        let clock = CalendarFields.calendar(context.calendar, in: context.timeZone)
        var lines = order
        if form.dose.isAsNeeded {
            // Never due: how long since the last one is what the nurse weighs.
            let last = form.record.lastGiven(asNeeded: form.dose.request.id)
            lines += LineWrapping.wrap([Span("Dose  ", .accent), Span("as needed (PRN) · "),
                                        Span(last.map { "last given " + MARDoseLines.lastGivenText($0, clock: clock, context: context) } ?? "none given yet")],
                                       width: width, indent: 6)
        } else {
            let (word, role, _) = MARDoseLines.words(form.dose.status(at: context.now, window: form.record.window), clock: clock)
            lines.append(StyledLine([Span("Dose  ", .accent), Span(context.dateTime(form.dose.time) + " "), Span(word, role)]))
        }
        if let allergen = form.allergen {
            lines += LineWrapping.wrap([Span("ALLERGY: \(allergen) — the patient is allergic to this drug", .critical)], width: width)
        }
        for check in form.checks { lines += LineWrapping.wrap(MARDoseLines.checkSpans(check, unicode: context.unicode), width: width, indent: 6) }
        lines.append(StyledLine(""))
        switch form.step {
        case .wristband:
            return field("Wristband MRN: ", "Scan the wristband, or type the MRN, then Enter.", form, lines, width)
        case .choose:
            // The question is kept in view: the letters are what the nurse presses next.
            let question = lines.count
            lines += LineWrapping.wrap([Span("g", .accent), Span(" given · "), Span("n", .accent), Span(" not given · "),
                                        Span("h", .accent), Span(" held · Esc leave (nothing recorded)")], width: width)
            return ScrollContent(lines: lines, focus: question..<lines.count)
        case let .whichDose(choices):
            let question = lines.count
            lines += LineWrapping.wrap([Span("Which dose is this?", .accent)], width: width)
            let calendar = CalendarFields.calendar(context.calendar, in: context.timeZone)
            for (index, choice) in choices.enumerated() {
                lines += LineWrapping.wrap([Span("  \(index + 1)", .accent), Span(" " + choice.sentence(calendar: calendar))], width: width, indent: 4)
            }
            lines += LineWrapping.wrap([Span("The other one stays as it is on the MAR · Esc back", .dim)], width: width)
            return ScrollContent(lines: lines, focus: question..<lines.count)
        case .drug:
            let hint = form.asksDrugName ? "The order has no code to scan: type the drug's name as the label reads, then Enter."
                : "Scan the drug's barcode, or type its code; a barcode that will not scan: type the name as the label reads. Then Enter."
            return field(form.asksDrugName ? "Drug name: " : "Drug code: ", hint, form, lines, width)
        case let .preDoseCheck(check):
            let question = lines.count
            lines += LineWrapping.wrap(MARDoseLines.checkSpans(check, unicode: context.unicode), width: width)
            return field("Reason: ", "Type why it is given without it, then Enter; Esc back (chart it first).", form, lines, width, from: question)
        case .dose:
            return field("Dose given: ", "The order's dose; change it if you gave another, then Enter.", form, lines, width)
        case let .doseReason(difference):
            let question = lines.count
            lines += LineWrapping.wrap([Span(difference.sentence, .critical)], width: width)
            return field("Reason: ", "Type why this dose is given, then Enter; Esc back.", form, lines, width, from: question)
        case let .doseRetype(difference):
            let question = lines.count
            lines += LineWrapping.wrap([Span(difference.sentence, .critical)], width: width)
            return field("Dose again: ", "Type the dose given again (\(difference.given)), then Enter; Esc back.", form, lines, width, from: question)
        case .route:
            return field("Route: ", "The order's route; change it if you gave it another way, then Enter.", form, lines, width)
        case .time:
            return field("Given at: ", "HH:MM, or empty for now, then Enter.", form, lines, width)
        case .indication:
            return field("Given for: ", "Why it is given now (as pain 7/10), then Enter.", form, lines, width)
        case .reason:
            let question = lines.count
            lines.append(StyledLine(form.status == .onHold ? "Held because:" : "Not given because:", .accent))
            lines += DoseReason.allCases.map { StyledLine([Span("  \($0.key)", .accent), Span(" " + $0.rawValue + ($0 == .other ? ": type it" : ""))]) }
            return ScrollContent(lines: lines, focus: question..<lines.count)
        case .otherReason:
            return field("Reason: ", "Type why, then Enter.", form, lines, width)
        case .correctionReason:
            lines += recorded(form, context: context, width: width)
            return field("Reason: ", "Type why this record is wrong, then Enter; Esc leaves.", form, lines, width)
        case let .warning(warning):
            switch warning {
            case let .doubleDose(earlier):
                let by = earlier.performer ?? "someone not named"
                // The warning and its answer are kept in view whole, as far as the screen holds them.
                let question = lines.count
                lines += LineWrapping.wrap([Span("ALREADY GIVEN \(context.dateTime(earlier.effective)) by \(by), within this order's interval.", .critical)], width: width)
                lines += LineWrapping.wrap([Span("y", .accent), Span(" give a second dose · Esc back")], width: width)
                return ScrollContent(lines: lines, focus: question..<lines.count)
            case let .timing(timing):
                return field("Reason: ", "This dose is \(timing.question ?? "outside its window"): type why, then Enter.", form, lines, width)
            case let .allergy(substance):
                let question = lines.count
                lines += LineWrapping.wrap([Span("Override the allergy to \(substance)?", .critical)], width: width)
                return field("Reason: ", "Type why it is given despite the allergy, then Enter; Esc back.", form, lines, width, from: question)
            }
        case .confirming, .saving:
            guard form.correcting != nil else {
                return ScrollContent(lines: lines + confirm(form, width: width, context: context))
            }
            lines += recorded(form, context: context, width: width)
            lines += LineWrapping.wrap([Span("Reason: ", .accent), Span(form.reason ?? "")], width: width, indent: 2)
            if let failure = form.failure { lines += LineWrapping.wrap([Span(failure, .critical)], width: width) }
            lines += LineWrapping.wrap([Span("Enter marks it entered in error · Esc back (nothing marked)", .warning)], width: width)
            return ScrollContent(lines: lines)
        }
    }

    /// The record being corrected, as the MAR shows it, and that it stays.
    private static func recorded(_ form: DoseFormState, context: ViewContext, width: Int) -> [StyledLine] {
        guard let administration = form.correcting else { return [] }
        let clock = CalendarFields.calendar(context.calendar, in: context.timeZone)
        let status = ScheduledDose(request: form.dose.request, time: form.dose.time, administration: administration)
            .status(at: context.now, window: form.record.window)
        let (word, _, detail) = MARDoseLines.words(status, clock: clock)
        return LineWrapping.wrap([Span("Mark entered in error: ", .accent), Span(([word] + [detail].compactMap { $0 }).joined(separator: " "))],
                                 width: width, indent: 2)
            + LineWrapping.wrap([Span("It stays in the record, marked entered in error; nothing is deleted.", .dim)], width: width)
    }

    /// The step's typed field (`FormField`), kept in view with the question from line `from`.
    private static func field(_ label: String, _ hint: String, _ form: DoseFormState, _ above: [StyledLine], _ width: Int, from: Int? = nil) -> ScrollContent {
        FormField.content(label, input: form.input, refusal: form.refusal, hint: hint, below: above, width: width, from: from)
    }

    private static func confirm(_ form: DoseFormState, width: Int, context: ViewContext) -> [StyledLine] {
        let record = form.doseRecord
        var lines = PatientCheckLines.lines(form.patient, wristbandChecked: form.wristbandCheck, width: width)
        let when = context.dateTime(record.effective)
        switch record.status {
        case .completed:
            if let drug = form.drugConfirmed { lines += LineWrapping.wrap([Span("Drug   ", .accent), Span(drug)], width: width, indent: 7) }
            let dose = record.givenDose?.text ?? record.dose.map { QuantityText.format($0, unicode: context.unicode) } ?? "dose not stated"
            let route = record.route.flatMap(RouteText.format) ?? "route not stated"
            let why = record.indication.map { " for " + $0 } ?? ""
            lines += LineWrapping.wrap([Span("Record ", .accent), Span("GIVEN \(dose) \(route) at \(when)\(why)")], width: width, indent: 7)
            // Any dose other than the order's says how many times the order's it is.
            if let sentence = form.doseCheck?.sentence, form.doseCheck != .unordered {
                lines += LineWrapping.wrap([Span(sentence, .critical)], width: width, indent: 7)
            }
        case .onHold:
            lines += LineWrapping.wrap([Span("Record ", .accent), Span("HELD at \(when): \(record.reason ?? "")")], width: width, indent: 7)
        default:
            lines += LineWrapping.wrap([Span("Record ", .accent), Span("NOT GIVEN at \(when): \(record.reason ?? "")")], width: width, indent: 7)
        }
        for note in record.notes { lines += LineWrapping.wrap([Span("  note: " + note, .warning)], width: width, indent: 8) }
        if let failure = form.failure { lines += LineWrapping.wrap([Span(failure, .critical)], width: width) }
        lines += LineWrapping.wrap([Span("Enter records it · Esc back (nothing recorded)", .warning)], width: width)
        return lines
    }
}
