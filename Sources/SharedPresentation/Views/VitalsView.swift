import CoreDomain
import CoreUseCases
import Foundation

/// The Vitals tab: a trend line per sign over the charted period, then a table newest first.
/// Column widths come from the values, so no value is ever cut; columns that do not fit are
/// left out whole and the view says so.
public enum VitalsView {
    static let trendSigns: [VitalSign] = [.heartRate, .bloodPressure, .temperature, .respiratoryRate, .oxygenSaturation]
    static let tableSigns: [VitalSign] = [.heartRate, .bloodPressure, .oxygenSaturation, .temperature, .respiratoryRate, .weight]

    public static func lines(_ series: [VitalSeries], width: Int, context: ViewContext) -> [StyledLine] {
        guard series.contains(where: { !$0.readings.isEmpty }) else {
            return [StyledLine("No vital signs recorded.", .dim)]
        }
        let bySign = Dictionary(series.map { ($0.sign, $0.readings) }, uniquingKeysWith: { first, _ in first })
        return trends(bySign, width: width, context: context) + [StyledLine("")] + table(bySign, width: width, context: context)
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

    /// Readings taken within this span of a round's first (newest) reading share its row:
    /// a nurse records one set over a few minutes, and reads it back as one line.
    static let roundSpan: TimeInterval = 15 * 60

    /// Table rows newest first: each round's time and its reading per sign.
    static func rounds(_ bySign: [VitalSign: [VitalReading]]) -> [(time: Date, readings: [VitalSign: VitalReading])] {
        let all = tableSigns.flatMap { bySign[$0] ?? [] }.sorted(by: VitalReading.newestFirst)
        var rounds: [(time: Date, readings: [VitalSign: VitalReading])] = []
        for reading in all {
            if let last = rounds.indices.last, rounds[last].time.timeIntervalSince(reading.effective) <= roundSpan,
               rounds[last].readings[reading.sign] == nil {
                rounds[last].readings[reading.sign] = reading
            } else {
                rounds.append((reading.effective, [reading.sign: reading]))
            }
        }
        return rounds
    }

    static func table(_ bySign: [VitalSign: [VitalReading]], width: Int, context: ViewContext) -> [StyledLine] {
        let rows = rounds(bySign)
        let times = rows.map(\.time)
        let cells = rows.map(\.readings)
        let timeTexts = times.map(context.dateTime)
        let timeWidth = max(4, timeTexts.map(DisplayWidth.cells).max() ?? 4)
        var columns: [(sign: VitalSign, header: String, width: Int)] = []
        var used = timeWidth
        for sign in tableSigns where bySign[sign]?.isEmpty == false {
            let header = headerText(sign, context: context)
            let widest = cells.compactMap { $0[sign] }.map { DisplayWidth.cells(VitalText.parts($0, unicode: context.unicode).valueWithMarker) }.max() ?? 0
            let columnWidth = max(DisplayWidth.cells(header), widest)
            guard used + 1 + columnWidth <= width else { break }
            columns.append((sign, header, columnWidth))
            used += 1 + columnWidth
        }
        var lines = [StyledLine([Span("time".padding(toLength: timeWidth, withPad: " ", startingAt: 0), .accent)]
            + columns.flatMap { [Span(" "), Span(pad($0.header, $0.width), .accent)] })]
        for (row, timeText) in zip(cells, timeTexts) {
            var spans = [Span(pad(timeText, timeWidth), .dim)]
            for column in columns {
                spans.append(Span(" "))
                if let reading = row[column.sign] {
                    let text = VitalText.parts(reading, unicode: context.unicode).valueWithMarker
                    spans.append(Span(pad(text, column.width), SummaryView.role(for: reading.flag)))
                } else {
                    spans.append(Span(String(repeating: " ", count: column.width)))
                }
            }
            lines.append(StyledLine(spans))
        }
        let shownSigns = Set(columns.map(\.sign))
        let hidden = tableSigns.filter { bySign[$0]?.isEmpty == false && !shownSigns.contains($0) }
        if !hidden.isEmpty {
            lines.insert(StyledLine("(\(hidden.map(\.abbreviation).joined(separator: ", ")) shown on a wider terminal)", .dim), at: 1)
        }
        return lines
    }

    /// Column header with its unit, so the unit is on screen for every number below it.
    static func headerText(_ sign: VitalSign, context: ViewContext) -> String {
        let unit = UnitText.display(ucum: sign == .bloodPressure ? VitalSign.systolic.ucum : sign.ucum, unit: nil, unicode: context.unicode)
        return [sign.abbreviation, unit].compactMap { $0 }.joined(separator: " ")
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - DisplayWidth.cells(text)))
    }
}
