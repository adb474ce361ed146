import CoreDomain
import CoreUseCases
import Foundation

/// The Vitals tab: a trend line per sign over the charted period, then a table newest first,
/// one row per round (see `VitalsRound`), the selected row highlighted for a correction.
/// Column widths come from the values, so no value is ever cut; columns that do not fit are
/// left out whole and the view says so. Rows not yet on the server, refused by it, or entered
/// in error say so in a state column that always shows, and a refused row's server message
/// follows it on its own line. Trends leave out values entered in error.
public enum VitalsView {
    static let trendSigns: [VitalSign] = [.heartRate, .bloodPressure, .temperature, .respiratoryRate, .oxygenSaturation]

    public static func lines(_ series: [VitalSeries], selected: Int, width: Int, context: ViewContext) -> [StyledLine] {
        guard series.contains(where: { !$0.readings.isEmpty }) else {
            return [StyledLine("No vital signs recorded.", .dim)]
        }
        let standing = Dictionary(series.map { ($0.sign, $0.standing) }, uniquingKeysWith: { first, _ in first })
        return trends(standing, width: width, context: context) + [StyledLine("")]
            + table(VitalsRound.rounds(series), selected: selected, width: width, context: context)
    }

    static func trends(_ bySign: [VitalSign: [VitalReading]], width: Int, context: ViewContext) -> [StyledLine] {
        var lines: [StyledLine] = []
        for sign in trendSigns {
            guard let readings = bySign[sign], let latest = readings.first else { continue }
            let parts = VitalText.parts(latest, unicode: context.unicode)
            let label = (sign == .bloodPressure ? "SBP" : parts.label).padding(toLength: 5, withPad: " ", startingAt: 0)
            let unit = (parts.unit ?? "").padding(toLength: 7, withPad: " ", startingAt: 0)
            let latestText = parts.valueWithMarker
            let room = width - 5 - 7 - DisplayWidth.cells(latestText) - 3
            guard room >= 4 else { continue }
            let values = readings.prefix(room).reversed().map(trendValue)
            lines.append(StyledLine([
                Span(label, .accent), Span(unit, .dim), Span(context.sparkline(Array(values))), Span("  "),
                Span(latestText, SummaryView.role(for: latest.flag)),
            ]))
        }
        return lines
    }

    /// The value a trend plots: systolic for blood pressure.
    static func trendValue(_ reading: VitalReading) -> Double? {
        switch reading.value {
        case let .single(quantity): quantity.doubleValue
        case let .bloodPressure(systolic, _): systolic?.doubleValue
        }
    }

    static func table(_ rounds: [VitalsRound], selected: Int, width: Int, context: ViewContext) -> [StyledLine] {
        let timeTexts = rounds.map { context.dateTime($0.time) }
        let timeWidth = max(4, timeTexts.map(DisplayWidth.cells).max() ?? 4)
        let states = rounds.map(stateText)
        let stateWidth = states.map(DisplayWidth.cells).max() ?? 0
        var columns: [(sign: VitalSign, header: String, width: Int)] = []
        var used = timeWidth + (stateWidth > 0 ? 1 + stateWidth : 0)
        for sign in VitalsRound.signs where rounds.contains(where: { $0.readings[sign] != nil }) {
            let header = headerText(sign, context: context)
            let widest = rounds.compactMap { $0.readings[sign] }.map { DisplayWidth.cells(VitalText.parts($0, unicode: context.unicode).valueWithMarker) }.max() ?? 0
            let columnWidth = max(DisplayWidth.cells(header), widest)
            guard used + 1 + columnWidth <= width else { break }
            columns.append((sign, header, columnWidth))
            used += 1 + columnWidth
        }
        var lines = [StyledLine([Span("time".padding(toLength: timeWidth, withPad: " ", startingAt: 0), .accent)]
            + columns.flatMap { [Span(" "), Span(pad($0.header, $0.width), .accent)] })]
        for (index, round) in rounds.enumerated() {
            let isSelected = index == min(max(0, selected), rounds.count - 1)
            var spans = [Span(pad(timeTexts[index], timeWidth), .dim)]
            for column in columns {
                spans.append(Span(" "))
                guard let reading = round.readings[column.sign] else {
                    spans.append(Span(String(repeating: " ", count: column.width)))
                    continue
                }
                let text = VitalText.parts(reading, unicode: context.unicode).valueWithMarker
                spans.append(Span(pad(text, column.width), round.isEnteredInError ? .dim : SummaryView.role(for: reading.flag)))
            }
            if stateWidth > 0 { spans += [Span(" "), Span(pad(states[index], stateWidth), stateRole(round))] }
            lines.append(isSelected ? StyledLine(spans.map { Span($0.text, .selected) }) : StyledLine(spans))
            if case let .failed(message) = round.delivery {
                let what = round.isEnteredInError ? "  correction failed: " : "  failed: "
                lines += LineWrapping.wrap([Span(what + message, .critical)], width: width, indent: 4)
            }
        }
        let shownSigns = Set(columns.map(\.sign))
        let hidden = VitalsRound.signs.filter { sign in !shownSigns.contains(sign) && rounds.contains { $0.readings[sign] != nil } }
        if !hidden.isEmpty {
            lines.insert(StyledLine("(\(hidden.map(\.abbreviation).joined(separator: ", ")) shown on a wider terminal)", .dim), at: 1)
        }
        return lines
    }

    /// "in error", "pending", "FAILED" or nothing: where a row stands, in one short word so the
    /// column costs the values little room. A correction's own delivery is in the header's count,
    /// and a refused one gets the server's message below the row like any other.
    static func stateText(_ round: VitalsRound) -> String {
        round.isEnteredInError ? "in error" : DeliveryText.word(round.delivery) ?? ""
    }

    static func stateRole(_ round: VitalsRound) -> TextRole {
        round.isEnteredInError ? .warning : DeliveryText.role(round.delivery)
    }

    /// Column header with its unit, so the unit is on screen for every number below it.
    static func headerText(_ sign: VitalSign, context: ViewContext) -> String {
        let unit = sign == .painScore ? "/10"
            : UnitText.display(ucum: sign == .bloodPressure ? VitalSign.systolic.ucum : sign.ucum, unit: nil, unicode: context.unicode)
        return [sign.abbreviation, unit].compactMap { $0 }.joined(separator: " ")
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - DisplayWidth.cells(text)))
    }
}
