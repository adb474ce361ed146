import Foundation
import SharedPresentation
import Testing
@testable import TerminalUI
import TestSupport

/// Every line of every scrolled region is reachable at every size, proved over generated
/// content (1 to 500 items, wrapped lines, headings, a pinned header) and sizes from 40x12 to
/// 200x60, on the real layout and the real renderer:
/// - the lines the state measures are the lines the renderer draws (nothing counted one way
///   and drawn another), none wider than the region (nothing cut at its edge), and the screen
///   shows exactly the window of them the model says, with the indicator naming those lines;
/// - paging down from the top shows every line, each page starting on the line after the last
///   one shown (or before it, never after); paging up from the end reaches the first line;
/// - `G` (`End`) shows the last line, `g` (`Home`) the first (forms type the letters);
/// - the chosen item is on screen after every key, wherever the window shows any item;
/// - rows scrolled past a pinned header show under it (its heads alone on a short region).
/// A region is covered by registering it in `ScrollRegionCase.registered`; `REACH_REGION=MAR`
/// runs one region's cases alone. Its cases run one at a time: each holds a thread for seconds
/// of layout, and two at once left the rest of the parallel run's async tests (whose deadlines
/// count the wall clock) no thread for a minute.
@Suite(.serialized) struct ReachTests {
    /// The fixed sizes, then generated ones; the item counts likewise.
    static let sizes = [(40, 12), (80, 24), (200, 60)]
    static let moves: [InputKey] = [.up, .down, .pageUp, .pageDown, .home, .end, .character("j"), .character("k"), .character("g"), .character("G")]

    struct Case: CustomStringConvertible {
        var region: ScrollRegionCase
        var columns: Int, rows: Int, count: Int, seed: UInt64
        var description: String { "\(region.name) \(columns)x\(rows) \(count) items seed \(seed)" }
    }

    /// Each region at the fixed sizes with 1, 7 and 40 items, at five generated sizes with 1 to
    /// 60, and with 500 at the design size.
    static var cases: [Case] {
        var random = SeededGenerator(seed: 27)
        let only = ProcessInfo.processInfo.environment["REACH_REGION"]
        return ScrollRegionCase.registered.filter { only == nil || $0.name == only }.flatMap { region in
            var specs = zip(sizes, [1, 7, 40]).map { size, count in (size.0, size.1, count) }
            specs += (0..<5).map { _ in (Int.random(in: 40...200, using: &random), Int.random(in: 12...60, using: &random), Int.random(in: 1...60, using: &random)) }
            specs.append((80, 24, 500))
            return specs.map { Case(region: region, columns: $0.0, rows: $0.1, count: $0.2, seed: random.next() % 100_000) }
        }
    }

    @Test(arguments: cases)
    func everyLineIsReachableAndTheChoiceStaysInView(_ spec: Case) throws {
        var pressed = 0
        var chart = GeneratedChart(random: SeededGenerator(seed: spec.seed))
        var state = spec.region.make(spec.count, spec.columns, spec.rows, &chart)
        guard let probe = RegionProbe.of(state) else {
            // A banner that leaves fewer than four rows: the screen says so, and shows no part of the chart.
            let screen = SampleChart.render(state).joined(separator: " ")
            #expect(screen.contains(ScreenLayout.tooSmallForChart.prefix(20)), "\(spec): the region is not on screen, and nothing says why")
            return
        }
        if spec.region.choosesItems { #expect(!probe.layout.items.isEmpty || probe.layout.lineCount <= 1, "\(spec): no items to choose") }
        let count = probe.layout.lineCount

        // From the top, page down to the end: no line skipped.
        press(&state, .home, spec, &pressed)
        var seen = Set(try #require(RegionProbe.of(state)).window.lines)
        var previous = try #require(RegionProbe.of(state)).window
        #expect(previous.shows(0) || count == 0, "\(spec): Home does not show the first line")
        for _ in 0...count {
            press(&state, .pageDown, spec, &pressed)
            let window = try #require(RegionProbe.of(state)).window
            #expect(window.body.lowerBound <= previous.body.upperBound, "\(spec): PgDn skipped lines \(previous.body.upperBound)..<\(window.body.lowerBound)")
            seen.formUnion(window.lines)
            if window == previous { break }
            previous = window
        }
        let missed = Set(0..<count).subtracting(seen)
        #expect(missed.isEmpty, "\(spec): never on screen paging down: \(missed.sorted().prefix(10))")

        // G shows the last line; from there, paging up reaches the first.
        press(&state, .end, spec, &pressed)
        previous = try #require(RegionProbe.of(state)).window
        #expect(previous.shows(count - 1) || count == 0, "\(spec): End does not show the last line")
        for _ in 0...count {
            press(&state, .pageUp, spec, &pressed)
            let window = try #require(RegionProbe.of(state)).window
            #expect(window.body.upperBound >= previous.body.lowerBound, "\(spec): PgUp skipped lines \(window.body.upperBound)..<\(previous.body.lowerBound)")
            if window == previous { break }
            previous = window
        }
        #expect(previous.shows(0) || count == 0, "\(spec): paging up from the end never showed the first line")

        // Any keys: every one keeps the choice in view and the screen as the model says.
        for _ in 0..<25 { press(&state, Self.moves[Int(chart.int(0...(Self.moves.count - 1)))], spec, &pressed) }
    }

    /// A key, then what must hold after every key; the screen is compared with the model after
    /// every key of a small case and every tenth of a large one (its pages are many).
    private func press(
        _ state: inout WorkstationState, _ key: InputKey, _ spec: Case, _ pressed: inout Int, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        ScrollRegionCase.press(&state, key)
        pressed += 1
        let draws = spec.count <= 60 || pressed % 10 == 0
        guard let probe = RegionProbe.of(state, drawing: draws) else {
            Issue.record("\(spec): after \(key) the region is gone", sourceLocation: sourceLocation)
            return
        }
        let window = probe.window
        if let first = probe.layout.firstItemShown(at: probe.position.offset, height: probe.rect.height) {
            let chosen = probe.layout.items[probe.position.selected]
            #expect(window.shows(chosen.first), "\(spec): after \(key) item \(first) shows but the chosen \(probe.position.selected) does not",
                    sourceLocation: sourceLocation)
        }
        // Rows scrolled past their header are read under it: a value never without its column's head.
        if let heads = probe.layout.pinnedWhenShort ?? probe.layout.pinned, window.body.lowerBound > heads.lowerBound {
            #expect(!window.header.isEmpty, "\(spec): after \(key) rows show without the header they are read by", sourceLocation: sourceLocation)
        }
        if draws { Self.expectDrawnAsMeasured(state, probe, "\(spec) after \(key)", sourceLocation: sourceLocation) }
    }

    /// The renderer lays out the same lines the state measures, and the screen shows the window.
    static func expectDrawnAsMeasured(_ state: WorkstationState, _ probe: RegionProbe, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let screen = SampleChart.render(state)
        let window = probe.window
        if let indicator = window.indicator {
            #expect(screen[probe.frame.bottom - 1].contains(indicator), "\(what): the indicator is not \(indicator)", sourceLocation: sourceLocation)
        }
        guard let measured = probe.measured, let drawn = probe.drawn else { return }
        #expect(drawn.layout == measured.layout, "\(what): drawn \(drawn.lines.count) lines, measured \(measured.lines.count)", sourceLocation: sourceLocation)
        // Nothing cut at the region's edge: every line fits its width.
        for line in window.lines where DisplayWidth.cells(drawn.lines[line].plainText) > probe.rect.width {
            Issue.record("\(what): line \(line) is wider than the region and cut: \(drawn.lines[line].plainText.debugDescription)", sourceLocation: sourceLocation)
        }
        for (row, line) in window.lines.enumerated() {
            let shown = Self.cells(screen[probe.rect.row + row], from: probe.rect.col, width: probe.rect.width)
            let expected = Self.cells(drawn.lines[line].plainText, from: 0, width: probe.rect.width)
            #expect(shown == expected, "\(what): row \(row) shows \(shown.debugDescription), not line \(line) \(expected.debugDescription)",
                    sourceLocation: sourceLocation)
        }
    }

    /// `width` cells of `text` from cell `from`, trailing blanks dropped.
    static func cells(_ text: String, from: Int, width: Int) -> String {
        var result = "", column = 0
        for character in text {
            let cells = DisplayWidth.cells(String(character))
            if column >= from, column + cells <= from + width { result.append(character) }
            column += cells
        }
        while result.last == " " { result.removeLast() }
        return result
    }
}
