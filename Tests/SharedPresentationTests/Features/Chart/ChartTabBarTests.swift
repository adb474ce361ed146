@testable import SharedPresentation
import Testing
import TestSupport

/// The current tab shows whole and bracketed at every width the chart is drawn at, and every
/// tab's number key shows beside it; the other titles give way first.
@Suite struct ChartTabBarTests {
    private func text(_ current: ChartTab, _ width: Int, back: Bool = false, tabs: [ChartTab] = ChartTab.registered) -> String {
        ChartTabBarView.line(tabs, current: current, width: width, showBack: back).spans.map(\.text).joined()
    }

    @Test(arguments: [37, 51, 52, 58, 76])
    func theCurrentTabIsWholeAndEveryNumberShows(_ width: Int) {
        for tabs in [ChartTab.registered, ChartTab.registered + [.handover]] {
            for (index, current) in tabs.enumerated() {
                let bar = text(current, width, tabs: tabs)
                #expect(DisplayWidth.cells(bar) <= width, "\(bar)")
                #expect(bar.contains("[\(index + 1) \(current.title)]"), "the current tab whole and bracketed, not only coloured: \(bar)")
                let words = bar.split(whereSeparator: { $0 == " " || $0 == "[" || $0 == "]" }).map(String.init)
                for number in 1...tabs.count { #expect(words.contains(String(number)), "tab \(number)'s key: \(bar)") }
            }
        }
    }

    @Test func fullTitlesWhereTheyFitThenTheOthersShortThenTheFarthestByNumber() {
        #expect(text(.results, 51) == "1 Summary 2 Encounters 3 Vitals 4 Meds [5 Results]")
        #expect(text(.summary, 37) == "[1 Summary] 2 Enc 3 Vit 4 Meds 5 Res")
        #expect(text(.encounters, 37) == "1 Sum [2 Encounters] 3 Vit 4 Meds 5")
        #expect(text(.summary, 76, back: true).hasSuffix("Esc back"))
    }

    /// Narrower than every number: the current tab whole with its neighbours, `…` for the rest.
    @Test func aBarTooNarrowForEveryNumberShowsTheCurrentTabsNeighbours() {
        #expect(text(.vitals, 18, tabs: ChartTab.registered + [.handover]) == "1 2 [3 Vitals] 4 …")
    }
}
