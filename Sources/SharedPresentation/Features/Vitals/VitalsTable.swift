import CoreDomain
import CoreUseCases

/// The Vitals tab's table, laid out for a width: which signs get a column on the row and which
/// go, labelled, to the line under it. Nothing is ever left out or cut. The chosen round's
/// NEWS2 in full is under the column header, in as many lines as the longest round's takes, so
/// choosing another round moves no line: what a page shows never depends on the choice.
struct VitalsTable {
    /// Signs that give way first when a row is too narrow: the NEWS2 observations keep their columns longest.
    static let secondary: Set<VitalSign> = [.weight, .painScore]

    let rounds: [VitalsRound]
    let width: Int
    let context: ViewContext
    /// How many lines the header takes (names, units, the chosen round's NEWS2), once laid out.
    private(set) var headerLines = 0
    /// Each round's lines, once laid out: the first of a day with the day's line.
    private(set) var roundLines: [ScrollItem] = []
    /// Markers written against the value (`150H!`), where the columns would not fit otherwise.
    private var isCompact = false

    init(rounds: [VitalsRound], width: Int, context: ViewContext) {
        self.rounds = rounds
        self.width = width
        self.context = context
    }

    private struct Column {
        var sign: VitalSign
        var name: String
        var unit: String
        var width: Int
    }

    private static let timeWidth = 5
    /// The header's first lines: the columns' names, then their units.
    static let columnHeadLines = 2

    mutating func lines(selected: Int) -> [StyledLine] {
        roundLines = []
        let chosen = min(max(0, selected), rounds.count - 1)
        let states = rounds.map(VitalsView.stateText)
        let stateWidth = states.map(DisplayWidth.cells).max() ?? 0
        let news2Cells = rounds.map(VitalsNEWS2Text.cell)
        let news2Width = news2Cells.contains { $0 != nil } ? max(5, news2Cells.compactMap { $0.map(DisplayWidth.cells) }.max() ?? 0) : 0
        var (columns, news2Fits, stateFits) = layout(news2Width: news2Width, stateWidth: stateWidth)
        if columns.count < primaryCount {
            isCompact = true
            (columns, news2Fits, stateFits) = layout(news2Width: news2Width, stateWidth: stateWidth)
        }
        let news2Header: [(name: Span, unit: Span)] = news2Fits ? [(Span(pad("NEWS2", news2Width), .accent), Span(pad("", news2Width)))] : []
        var lines = [
            StyledLine([Span(pad("time", Self.timeWidth), .accent)] + columns.flatMap { [Span(" "), Span(pad($0.name, $0.width), .accent)] }
                + news2Header.flatMap { [Span(" "), $0.name] }),
            StyledLine([Span(String(repeating: " ", count: Self.timeWidth))] + columns.flatMap { [Span(" "), Span(pad($0.unit, $0.width), .dim)] }),
        ]
        lines += detailLines(chosen: chosen)
        headerLines = lines.count
        var day: String?
        for (index, round) in rounds.enumerated() {
            let stamp = context.fullDateTime(round.time)
            let date = String(stamp.prefix(10)), time = String(stamp.suffix(Self.timeWidth))
            let start = lines.count
            if date != day {
                lines.append(StyledLine(date, .accent))
                day = date
            }
            var row = [Span(time, .dim)]
            for column in columns {
                row.append(Span(" "))
                guard let reading = round.readings[column.sign] else {
                    row.append(Span(String(repeating: " ", count: column.width)))
                    continue
                }
                row.append(Span(pad(cell(reading), column.width), role(reading, round)))
            }
            var under = round.orderedReadings.filter { reading in !columns.contains { $0.sign == reading.sign } }.map { reading in
                [Span(VitalText.parts(reading, unicode: context.unicode).text, role(reading, round))]
            }
            if news2Width > 0 {
                let cell = news2Cells[index] ?? ""
                let role = VitalsNEWS2Text.role(round)
                if news2Fits {
                    row += [Span(" "), Span(pad(cell, news2Width), role)]
                } else if !cell.isEmpty {
                    under.insert([Span("NEWS2 " + cell, role)], at: 0)
                }
            }
            if stateWidth > 0, !states[index].isEmpty {
                let state = Span(states[index], VitalsView.stateRole(round))
                if stateFits { row += [Span(" "), state] } else { under.append([state]) }
            }
            let isChosen = index == chosen
            let rowLine = lines.count
            lines.append(Self.highlighted(StyledLine(row), isChosen))
            lines += Self.underLines(under, width: width).map { Self.highlighted($0, isChosen) }
            if case let .failed(message) = round.delivery {
                let what = round.isEnteredInError ? "  correction failed: " : "  failed: "
                lines += LineWrapping.wrap([Span(what + message, .critical)], width: width, indent: 4)
            }
            roundLines.append(ScrollItem(lines: start..<lines.count, first: rowLine))
        }
        return lines
    }

    /// The chosen round's NEWS2 in full (`14:05 NEWS2 7 HIGH: RR 2, … · next by 15:05`), padded
    /// to the lines the longest round's takes; none where no round has a NEWS2.
    private func detailLines(chosen: Int) -> [StyledLine] {
        let details = rounds.map { round in
            VitalsNEWS2Text.detail(round, context: context).map { detail in
                LineWrapping.wrap([Span(String(context.fullDateTime(round.time).suffix(Self.timeWidth)) + " ", .dim),
                                   Span(detail, VitalsNEWS2Text.role(round))], width: width, indent: Self.timeWidth + 1)
            } ?? []
        }
        let tallest = details.map(\.count).max() ?? 0
        guard tallest > 0 else { return [] }
        let chosenLines = details[chosen]
        return chosenLines + Array(repeating: StyledLine(""), count: tallest - chosenLines.count)
    }

    /// The signs with a value in some round, in table order.
    private var present: [VitalSign] { VitalsRound.signs.filter { sign in rounds.contains { $0.readings[sign] != nil } } }

    private var primaryCount: Int { present.filter { !Self.secondary.contains($0) }.count }

    /// The columns that fit beside the time, and whether the NEWS2 column and the state word fit
    /// after them: the NEWS2 signs first, then the score, then the state word (pending, FAILED,
    /// in error), then weight and pain.
    private func layout(news2Width: Int, stateWidth: Int) -> (columns: [Column], news2Fits: Bool, stateFits: Bool) {
        var columns: [Column] = []
        var used = Self.timeWidth
        func place(_ signs: [VitalSign], within limit: Int) {
            for sign in signs {
                let column = column(for: sign)
                guard used + 1 + column.width <= limit else { return }
                columns.append(column)
                used += 1 + column.width
            }
        }
        place(present.filter { !Self.secondary.contains($0) }, within: width)
        let news2Fits = news2Width > 0 && columns.count == primaryCount && used + 1 + news2Width <= width
        if news2Fits { used += 1 + news2Width }
        let stateFits = columns.count == primaryCount && (stateWidth == 0 || used + 1 + stateWidth <= width)
        if columns.count == primaryCount { place(present.filter(Self.secondary.contains), within: width - (stateFits && stateWidth > 0 ? 1 + stateWidth : 0)) }
        return (columns, news2Fits, stateFits)
    }

    private func column(for sign: VitalSign) -> Column {
        let name = sign.abbreviation
        let unit = sign == .painScore ? "/10"
            : UnitText.display(ucum: sign == .bloodPressure ? VitalSign.systolic.ucum : sign.ucum, unit: nil, unicode: context.unicode) ?? ""
        let widest = rounds.compactMap { $0.readings[sign] }.map { DisplayWidth.cells(cell($0)) }.max() ?? 0
        return Column(sign: sign, name: name, unit: unit, width: max(DisplayWidth.cells(name), DisplayWidth.cells(unit), widest))
    }

    /// What did not get a column, under the row: each piece whole (`RR 4 L! /min`), as many to
    /// a line as fit, indented past the time.
    private static func underLines(_ pieces: [[Span]], width: Int) -> [StyledLine] {
        let indent = timeWidth + 1
        var lines: [StyledLine] = []
        var current: [Span] = []
        var used = 0
        for piece in pieces {
            let cells = piece.map { DisplayWidth.cells($0.text) }.reduce(0, +)
            if !current.isEmpty, used + 2 + cells > width {
                lines.append(StyledLine(current))
                current = []
                used = 0
            }
            let lead = current.isEmpty ? indent : 2
            current += [Span(String(repeating: " ", count: lead))] + piece
            used += lead + cells
        }
        if !current.isEmpty { lines.append(StyledLine(current)) }
        return lines
    }

    /// A value and its marker: `150 H!`, or `150H!` where the table is compact; SpO2 taken on
    /// oxygen says so (`94 L O2`; the flow is on the chosen row's line and the trend's).
    private func cell(_ reading: VitalReading) -> String {
        let parts = VitalText.parts(reading, unicode: context.unicode)
        let text = isCompact ? parts.value + parts.marker : parts.valueWithMarker
        guard case .supplemental? = reading.oxygen else { return text }
        return text + " O2"
    }

    private func role(_ reading: VitalReading, _ round: VitalsRound) -> TextRole {
        round.isEnteredInError ? .dim : reading.flag.role
    }

    private static func highlighted(_ line: StyledLine, _ isChosen: Bool) -> StyledLine {
        isChosen ? StyledLine(line.spans.map { Span($0.text, .selected) }) : line
    }

    private func pad(_ text: String, _ width: Int) -> String { DisplayWidth.padded(text, to: width) }
}
