import CoreDomain
@testable import SharedPresentation
import Testing

/// What shows is decided once (`WorkstationState.screen`), and update, help and the renderer
/// all read it: they no longer decide in three orders of their own.
@Suite struct ScreenTests {
    /// One state per screen a person can open `?` from, or whose keys `?` must explain.
    static var screens: [(name: String, state: WorkstationState, screen: Screen)] {
        var search = Census.state()
        #expect(search.press(.character("/"), .character("F")) == Census.searches("F"))
        var due = Census.state()
        #expect(due.press(.character("d")) == [.wardDoses(.load(ward: nil))])
        #expect(due.update(.wardDoses(.loaded(WardDosesFeatureTests.list))).isEmpty)
        var form = Charted.state()
        #expect(form.press(.character("a")).isEmpty)
        var help = Census.state()
        #expect(help.press(.character("?")).isEmpty)
        var tooSmall = Census.state()
        #expect(tooSmall.update(.resized(columns: 30, rows: 10)).isEmpty)
        return [("list", Census.state(), .list), ("chart", ChartKeysTests.chartState(), .chart), ("search", search, .search),
                ("due list", due, .overlay), ("vitals form", form, .charting), ("help", help, .help), ("too small", tooSmall, .tooSmall)]
    }

    /// Every key any screen takes is on the `?` screen, in its words (the due list's were not).
    @Test func theHelpListsEveryScreensKeys() {
        for (name, state, screen) in Self.screens {
            #expect(state.screen == screen, "\(name)")
            let help = ChromeView.help(state, width: 300).map(\.plainText).joined(separator: "\n")
            for binding in KeyHelp.bindings(for: state) where !help.contains(binding.action) {
                Issue.record("\(name): \"\(binding.label) \(binding.action)\" works there but the help does not list it")
            }
        }
    }

    /// A locked workstation on a screen too small to show the lock says only that, and takes no
    /// key but Ctrl-L: a passphrase is never typed blind (the lock took keys the screen did not show).
    @Test func aScreenTooSmallForTheLockTakesNoPassphrase() {
        var state = Census.state()
        #expect(state.press(.character("L")) == [.lock(.locked)])
        #expect(state.update(.resized(columns: 30, rows: 10)).isEmpty)
        #expect(state.screen == .tooSmall)
        #expect(KeyHelp.bindings(for: state) == [KeyHelp.repaint])
        let before = state
        #expect(state.press(.character("x"), .enter, .character("q")).isEmpty)
        #expect(state == before)
        #expect(state.update(.resized(columns: 80, rows: 24)).isEmpty)
        #expect(state.screen == .locked)
    }
}
