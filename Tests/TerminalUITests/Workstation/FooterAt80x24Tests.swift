import SharedPresentation
import Testing
@testable import TerminalUI

/// At 80x24 the footer keeps every key a nurse needs on each chart tab and on the list: words
/// shorten before a key is dropped (they all stay in `?` too).
@Suite struct FooterAt80x24Tests {
    static func footer(_ state: WorkstationState) -> String {
        SampleChart.render(state)[23]
    }

    static func keys(_ state: WorkstationState) -> [String] {
        KeyHelp.footerItems(for: state).map { String($0.prefix { $0 != " " }) }
    }

    @Test(arguments: ChartTab.registered)
    func everyKeyOfTheTabIsOnTheFooter(_ tab: ChartTab) {
        let state = SampleChart.state(columns: 80, rows: 24, tab: tab)
        let footer = Self.footer(state)
        let words = footer.split(separator: " ").map(String.init)
        for key in Self.keys(state) { #expect(words.contains(key), "\(tab): \(key) missing from \(footer)") }
        #expect(footer.contains("L lock") && footer.contains("Tab tabs"), "\(tab): \(footer)")
    }

    /// The MAR with a dose chosen, then with the PRN line chosen (`e effect` joins: `L lock`
    /// stayed off the footer there), and the Encounters list (`Enter details`).
    @Test(arguments: ["mar", "mar-prn", "encounters"])
    func everyKeyOfTheMARAndTheEncounterListIsOnTheFooter(_ screen: String) {
        var state = SampleChart.state(columns: 80, rows: 24, tab: screen == "encounters" ? .encounters : .medications)
        if screen.hasPrefix("mar") { #expect(state.update(.key(.character("m"))).isEmpty) }
        if screen == "mar-prn" { #expect(state.update(.key(.character("G"))).isEmpty) }
        let footer = Self.footer(state)
        let words = footer.split(separator: " ").map(String.init)
        #expect(!Self.keys(state).isEmpty)
        for key in Self.keys(state) { #expect(words.contains(key), "\(screen): \(key) missing from \(footer)") }
        #expect(footer.contains("L lock") && footer.contains("Tab tabs"), "\(screen): \(footer)")
        if screen == "mar-prn" { #expect(footer.contains("e effect")) }
        if screen == "encounters" { #expect(footer.contains("Enter details")) }
    }

    @Test func everyKeyOfTheListIsOnTheFooter() {
        let state = SampleChart.state(columns: 80, rows: 24, focus: .list)
        let footer = Self.footer(state)
        let words = footer.split(separator: " ").map(String.init)
        for key in Self.keys(state) { #expect(words.contains(key), "\(key) missing from \(footer)") }
        #expect(footer.contains("s NEWS2"), "\(footer)")
    }
}
