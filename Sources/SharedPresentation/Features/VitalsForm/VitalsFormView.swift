import CoreDomain
import CoreUseCases
import Foundation

/// The vitals entry form and its confirm step, below the patient banner the pane draws.
///
/// Form: one line per field: label, the typed text in a box, the unit, then what the last
/// check refused (in its words) or the previous charted value with its marker, unit and time.
/// That last column wraps under itself, or moves below the field on a narrow pane, where the
/// boxes narrow too (never below what was typed); no value or unit is ever cut. Confirm: every value with marker and unit, the values outside the
/// normal range listed again, and what Enter does.
public enum VitalsFormView {
    static let labelWidth = 13
    static let unitWidth = 5
    /// Below this the side column goes on its own line under the field.
    static let minimumSide = 20

    static func label(_ field: VitalsField) -> String {
        switch field {
        case .time: "Time"
        case .heartRate: "Heart rate"
        case .systolic: "BP systolic"
        case .diastolic: "BP diastolic"
        case .temperature: "Temperature"
        case .respiratoryRate: "Resp. rate"
        case .oxygenSaturation: "SpO2"
        case .oxygen: "Oxygen"
        case .oxygenDevice: "O2 device"
        case .oxygenFlow: "O2 flow"
        case .oxygenFraction: "FiO2"
        case .consciousness: "ACVPU"
        case .weight: "Weight"
        case .painScore: "Pain (0-10)"
        }
    }

    public static func form(_ form: VitalsFormState, width: Int, context: ViewContext) -> ScrollContent {
        var lines: [StyledLine] = []
        var cursor: (line: Int, column: Int, end: Int)?
        // Marker, label, the box's brackets, a space and the unit around the box's inside.
        let around = 2 + labelWidth + 2 + 1 + unitWidth
        let inside = min(VitalsFormState.maximumLength(.time), width - around)
        let prefixWidth = around + inside + 2
        let side = width - prefixWidth
        for field in form.fields {
            let focused = field == form.focus
            let (boxText, boxRole) = box(field, form, context: context)
            let unit = context.plain(VitalsEntryRange.range(for: field)?.unit ?? "")
            let prefix = [
                Span(focused ? "> " : "  ", .accent), Span(pad(label(field), labelWidth), focused ? .accent : .normal),
                Span("[" + pad(boxText, inside) + "]", focused ? .selected : boxRole),
                Span(" " + pad(unit, unitWidth), .dim),
            ]
            // In a choice's box the cursor sits at its start; in a typed one, after the text.
            let typed = field == .oxygen || field == .oxygenDevice ? "" : form.input.text[field] ?? ""
            let line = lines.count
            let note = sideNote(field, form, focused: focused, context: context)
            if side >= minimumSide {
                let wrapped = note.map { LineWrapping.wrap($0, width: side) } ?? [StyledLine("")]
                // The two spaces part the unit from a note beside it; with none below, no line passes the width.
                lines.append(StyledLine(prefix + [Span("  ", .dim)] + wrapped[0].spans))
                lines += wrapped.dropFirst().map { StyledLine([Span(String(repeating: " ", count: prefixWidth))] + $0.spans) }
            } else {
                lines.append(StyledLine(prefix))
                if let note {
                    lines += LineWrapping.wrap(note, width: max(10, width - 4)).map { StyledLine([Span("    ")] + $0.spans) }
                }
            }
            if focused { cursor = (line, 2 + labelWidth + 1 + DisplayWidth.cells(typed), lines.count - 1) }
        }
        return ScrollContent(lines: lines, focus: cursor.map { $0.line..<($0.end + 1) }, cursorLine: cursor?.line, cursorColumn: cursor?.column ?? 0)
    }

    /// The text in a field's box: what was typed; for an empty time, "now" and the clock; for
    /// oxygen and its device, the choice.
    private static func box(_ field: VitalsField, _ form: VitalsFormState, context: ViewContext) -> (String, TextRole) {
        if field == .oxygen {
            guard let onOxygen = form.input.onOxygen else { return ("not chosen", .dim) }
            return (onOxygen ? "O2" : "room air", .input)
        }
        if field == .oxygenDevice { return (form.input.device?.name ?? "", .input) }
        let text = form.input.text[field] ?? ""
        if field == .time, text.isEmpty { return ("now " + context.dateTime(context.now), .dim) }
        return (text, .input)
    }

    /// What the last check refused here, else how to fill the focused field or the last value.
    private static func sideNote(_ field: VitalsField, _ form: VitalsFormState, focused: Bool, context: ViewContext) -> [Span]? {
        if let refusal = form.refusals[field] { return [Span(context.plain(refusal), .critical)] }
        switch field {
        case .time where focused: return [Span("HH:MM, or YYYY-MM-DD HH:MM", .dim)]
        case .oxygen where focused: return [Span("r room air, o O2 (Space steps)", .dim)]
        case .oxygenDevice where focused: return [Span(OxygenDevice.choices, .dim)]
        case .oxygenFlow where focused:
            guard let device = form.input.device else { return [Span("pick the O2 device first: it sets the range", .dim)] }
            return [Span(VitalsEntryRange.flowRange(for: device).rangeText + " by " + device.name, .dim)]
        case .oxygenFraction where focused: return [Span((VitalsEntryRange.range(for: .oxygenFraction)?.rangeText ?? "") + " (air 21 %)", .dim)]
        case .consciousness where focused: return [Span("A alert, C new confusion, V voice, P pain, U unresponsive", .dim)]
        case .temperature where focused && form.previous(field) == nil: return [Span(context.plain("°C, or °F typed with F (101.2F)"), .dim)]
        default: break
        }
        guard let previous = form.previous(field) else { return nil }
        let parts = VitalText.parts(previous, unicode: context.unicode)
        let value = [parts.valueWithMarker, parts.unit].compactMap { $0 }.joined(separator: " ")
        return [Span("last ", .dim), Span(value, previous.flag.role), Span(" at " + context.dateTime(previous.effective), .dim)]
    }

    public static func confirm(_ review: VitalsReview, failure: String? = nil, width: Int, context: ViewContext) -> ScrollContent {
        var lines = failure.map { LineWrapping.wrap([Span($0, .critical)], width: width) } ?? []
        lines += LineWrapping.wrap([Span("Right patient? Check the banner above and every value.", .accent)], width: width)
        for doubt in review.doubts {
            let now = VitalText.parts(doubt.reading, unicode: context.unicode), then = VitalText.parts(doubt.previous, unicode: context.unicode)
            let question = "\(doubt.name) \([now.value, now.unit].compactMap { $0 }.joined(separator: " ")): last "
                + "\([then.value, then.unit].compactMap { $0 }.joined(separator: " ")) at \(context.dateTime(doubt.previous.effective)). Correct?"
            lines += LineWrapping.wrap([Span(question, .critical)], width: width)
        }
        let entry = review.entry
        let time = context.fullDateTime(entry.effective) + " (" + RelativeTimeText.format(entry.effective, now: context.now) + ")"
        lines += LabelledSection.lines("Time", [[Span(time)]], width: width)
        for reading in review.readings {
            let parts = VitalText.parts(reading, unicode: context.unicode)
            var spans = [Span(parts.valueWithMarker, reading.flag.role)]
            if let unit = parts.unit { spans.append(Span(" " + unit)) }
            if reading.sign == .temperature, let fahrenheit = review.typedFahrenheit {
                spans.append(Span(context.plain("  (typed \(DecimalText.format(fahrenheit)) °F)"), .dim))
            }
            // On O2: the device, flow and FiO2 entered, each with its unit.
            if let oxygen = parts.oxygen { spans.append(Span("  " + oxygen)) }
            lines += LabelledSection.lines(parts.label, [spans], width: width)
        }
        if let level = entry.consciousness {
            lines += LabelledSection.lines("ACVPU", [[Span(level.letter + " " + consciousnessName(level), level == .alert ? .normal : .critical)]], width: width)
        }
        lines += LabelledSection.lines("NEWS2", [news2Spans(review.news2)], width: width)
        lines.append(StyledLine(""))
        let abnormal = review.abnormal
        if abnormal.isEmpty {
            lines += LineWrapping.wrap([Span("All values are within the normal range.", .dim)], width: width)
        } else {
            var items: [[Span]] = [[Span("Outside the normal range:", .warning)]]
            items += abnormal.map { reading in
                let parts = VitalText.parts(reading, unicode: context.unicode)
                return [Span(parts.label + " " + parts.valueWithMarker, reading.flag.role)]
            }
            lines += LineWrapping.wrap(items: items, width: width, gap: 2)
            lines += LineWrapping.wrap([Span("Saving confirms these values are right.", .warning)], width: width)
        }
        lines += LineWrapping.wrap([Span("Enter save · Esc back to the form (nothing is saved)", .dim)], width: width)
        return ScrollContent(lines: lines)
    }

    static func consciousnessName(_ level: Consciousness) -> String {
        switch level {
        case .alert: "alert"
        case .newConfusion: "new confusion"
        case .voice: "responds to voice"
        case .pain: "responds to pain"
        case .unresponsive: "unresponsive"
        }
    }

    /// "7 HIGH: RR 2, SpO2 1, ... · emergency response, continuous monitoring", or what is missing.
    static func news2Spans(_ outcome: NEWS2Outcome) -> [Span] {
        guard let score = outcome.score else { return [Span(outcome.words, .dim)] }
        var text = "\(score.total) \(score.risk.word)"
        if !score.breakdown.isEmpty { text += ": " + score.breakdown }
        text += " · \(score.risk.response), \(score.monitoring) monitoring"
        let role: TextRole = switch score.risk {
        case .high: .critical
        case .medium, .lowMedium: .abnormal
        case .low: .normal
        }
        return [Span(text, role)]
    }



    static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - DisplayWidth.cells(text)))
    }
}
