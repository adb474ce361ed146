import CoreDomain
import SharedPresentation
import Testing
@testable import TerminalUI

/// Robin Brown off the census: every chart screen's banner says NOT ON CENSUS in the warning
/// style (bold and underlined without color, see `ColorDegradationTests`), and her list row says `off`, in Unicode and ASCII.
@Suite struct OffCensusRendererTests {
    static func offCensus(_ state: WorkstationState) -> WorkstationState {
        var state = state
        state.patients.window[0].isOffCensus = true
        state.chart?.listEntry.isOffCensus = true
        return state
    }

    static func render(_ state: WorkstationState, glyphs: Glyphs) -> (text: [String], styles: [String]) {
        var buffer = ScreenBuffer(width: state.columns, height: state.rows, glyphs: glyphs)
        WorkstationRenderer.render(state, into: &buffer, timeZone: SampleChart.utc)
        return (buffer.textSnapshot(), buffer.styleSnapshot())
    }

    @Test(arguments: WorkstationRendererTests.sizes)
    func everyChartTabAndTheVitalsFormSayNotOnCensus(_ columns: Int, _ rows: Int) throws {
        var form = Self.offCensus(SampleChart.state(columns: columns, rows: rows))
        ChartingScreens.press(&form, [.character("a")])
        #expect(form.charting != nil)
        let screens = ChartTab.registered.map { Self.offCensus(SampleChart.state(columns: columns, rows: rows, tab: $0)) } + [form]
        for (index, state) in screens.enumerated() {
            for glyphs in [Glyphs.unicode, .ascii] {
                let screen = Self.render(state, glyphs: glyphs)
                let row = try #require(screen.text.firstIndex { $0.contains("NOT ON CENSUS") }, "screen \(index) at \(columns)x\(rows)")
                let column = try #require(screen.text[row].range(of: "NOT ON CENSUS")).lowerBound
                let start = screen.text[row].distance(from: screen.text[row].startIndex, to: column)
                let styles = Array(screen.styles[row])
                #expect(styles[start..<(start + 13)].allSatisfy { $0 == TextRole.warning.snapshotCode })
            }
        }
    }

    @Test func theListRowAt80x24SaysOffWhereTheBedWas() {
        let list = Self.render(Self.offCensus(SampleChart.state(columns: 80, rows: 24)), glyphs: .ascii).text.map { String($0.prefix(26)) }
        #expect(list[3].hasPrefix("|>Brown, Robin") && list[3].hasSuffix(" off    A!|"), "\(list[3])")
    }
}
