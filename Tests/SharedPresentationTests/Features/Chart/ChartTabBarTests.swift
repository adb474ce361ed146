import SharedPresentation
import Testing

/// Every tab and its number key shows at every width the chart is drawn at.
@Suite struct ChartTabBarTests {
    private func text(_ current: ChartTab, _ width: Int, back: Bool = false) -> String {
        ChartTabBarView.line(ChartTab.registered, current: current, width: width, showBack: back).spans.map(\.text).joined()
    }

    @Test(arguments: [37, 51, 58, 76])
    func everyTabShowsWithinTheWidth(_ width: Int) {
        for current in ChartTab.registered {
            let bar = text(current, width)
            #expect(DisplayWidth.cells(bar) <= width, "\(bar)")
            for tab in ChartTab.registered {
                #expect(bar.contains("\(ChartTab.registered.firstIndex(of: tab)! + 1) \(tab.shortTitle)"), "\(bar)")
            }
            #expect(bar.contains("[\(ChartTab.registered.firstIndex(of: current)! + 1) "), "the current tab is bracketed, not only coloured")
        }
    }

    @Test func fullTitlesWhereTheyFitAndShortOnesWhereNot() {
        #expect(text(.results, 51) == "1 Summary 2 Encounters 3 Vitals 4 Meds [5 Results]")
        #expect(text(.summary, 37) == "[1 Sum] 2 Enc 3 Vit 4 Meds 5 Res")
        #expect(text(.summary, 76, back: true).hasSuffix("Esc back"))
    }
}
