import CoreDomain
import CoreUseCases
import Foundation

/// The Vitals tab: a trend line per sign over the charted period, then a table newest first,
/// one row per round (see `VitalsRound`), the selected row highlighted for a correction.
///
/// Every charted value shows at every size, never cut: the time is `HH:MM` under a line for
/// each day, the header gives each column's name and, on its own line, its unit, and a column
/// that does not fit the row goes, labelled and with its unit, to a line under it (weight and
/// pain first, then the rest from the right). The header stays at the top of the pane while
/// the rounds scroll under it. Rows not yet on the server, refused by it, or entered in error
/// say so in a state word, and a refused row's server message follows it on its own line.
/// Trends leave out values entered in error.
public enum VitalsView {
    static let trendSigns: [VitalSign] = [.heartRate, .bloodPressure, .temperature, .respiratoryRate, .oxygenSaturation]

    public static func lines(_ history: VitalsHistory, selected: Int, width: Int, context: ViewContext) -> [StyledLine] {
        content(history, selected: selected, width: width, context: context).lines
    }

    /// The tab's lines: the trends, then the table, whose rounds are the items (`x` marks the
    /// chosen one) and whose header, with the chosen round's NEWS2, is pinned.
    public static func content(_ history: VitalsHistory, selected: Int, width: Int, context: ViewContext) -> ScrollContent {
        let series = history.series
        guard series.contains(where: { !$0.readings.isEmpty }) else {
            return ScrollContent(lines: [StyledLine("No vital signs recorded.", .dim)])
        }
        let standing = Dictionary(series.map { ($0.sign, $0.standing) }, uniquingKeysWith: { first, _ in first })
        let above = trends(standing, width: width, context: context) + [StyledLine("")]
        var table = VitalsTable(rounds: VitalsRound.rounds(history), width: width, context: context)
        let lines = table.lines(selected: selected)
        let shift = above.count
        return ScrollContent(
            // On a short region the column names and units alone pin, the NEWS2 detail scrolls.
            lines: above + lines, pinned: shift..<(shift + table.headerLines), pinnedWhenShort: shift..<(shift + VitalsTable.columnHeadLines),
            items: table.roundLines.map { ScrollItem(lines: ($0.lines.lowerBound + shift)..<($0.lines.upperBound + shift), first: $0.first + shift) })
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
                Span(latestText, latest.flag.role),
            ]))
            // The oxygen the latest SpO2 was taken on, under its trend.
            if let oxygen = VitalText.supplementalText(latest) {
                lines += LineWrapping.wrap([Span(oxygen, .dim)], width: width - 12).map { StyledLine([Span(String(repeating: " ", count: 12))] + $0.spans) }
            }
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

    /// "in error", "pending", "FAILED" or nothing: where a row stands, in one short word so the
    /// column costs the values little room. A correction's own delivery is in the header's count,
    /// and a refused one gets the server's message below the row like any other.
    static func stateText(_ round: VitalsRound) -> String {
        round.isEnteredInError ? "in error" : DeliveryText.word(round.delivery) ?? ""
    }

    static func stateRole(_ round: VitalsRound) -> TextRole {
        round.isEnteredInError ? .warning : DeliveryText.role(round.delivery)
    }
}
