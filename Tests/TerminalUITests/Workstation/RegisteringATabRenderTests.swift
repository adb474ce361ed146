import CoreDomain
import CoreUseCases
import SharedPresentation
import Testing
import TestSupport
@testable import TerminalUI

/// The add-a-tab promise, drawn: a sixth tab registered at run time (`HandoverState`, a
/// folder's worth of code in TestSupport, and nothing else changed) is on every screen at the
/// design size and the smallest, the current tab's title whole on each.
@Suite struct RegisteringATabRenderTests {
    static let tabs = ChartTab.registered + [.handover]
    static let handover = ChartContent(HandoverState.self, ["2 encounters on file", "handover: settled overnight"])

    static func state(_ size: (columns: Int, rows: Int), tab: ChartTab = .summary) -> WorkstationState {
        SampleChart.state(columns: size.columns, rows: size.rows, tab: tab, tabs: tabs, extra: [handover])
    }

    static let sizes = [(columns: 80, rows: 24), (columns: 40, rows: 12)]

    @Test(arguments: sizes.indices)
    func everyTabDrawsWithItsTitleWhole(_ size: Int) {
        for (index, tab) in Self.tabs.enumerated() {
            let screen = SampleChart.render(Self.state(Self.sizes[size], tab: tab)).joined(separator: "\n")
            #expect(screen.contains("[\(index + 1) \(tab.title)]"), "\(tab.name) at \(Self.sizes[size]): \(screen)")
            if tab == .handover { #expect(screen.contains("handover: settled overnight"), "its body: \(screen)") }
        }
    }

    /// Every screen over the chart (help, search, the due list, a form, the lock, too small)
    /// with six tabs registered, on the sixth: each draws what it is, at both sizes.
    @Test(arguments: sizes.indices)
    func everyScreenDrawsWithASixthTab(_ size: Int) {
        let (columns, rows) = Self.sizes[size]
        func drawn(_ keys: [InputKey], answer: WorkstationAction? = nil, from tab: ChartTab = .handover) -> (Screen, String) {
            var state = Self.state(Self.sizes[size], tab: tab)
            // The way to the screen; its effects are the runtime's, not what is drawn here.
            for key in keys { ScrollRegionCase.press(&state, key) }
            if let answer { ScrollRegionCase.send(&state, answer) }
            return (state.screen, SampleChart.render(state).joined(separator: "\n"))
        }
        let screens: [(String, (Screen, String), Screen, String)] = [
            ("chart", drawn([]), .chart, "handover: settled overnight"),
            ("help", drawn([.character("?")]), .help, "Keys (Esc or ? to close)"),
            ("search", drawn([.escape, .character("/"), .character("G"), .character("a"), .character("r")]), .search, "Garcia2"),
            ("due list", drawn([.escape, .character("d")], answer: .wardDoses(.loaded(SampleChart.wardDoses))), .overlay, "Prednisone 40 mg"),
            ("vitals form", drawn([.character("1"), .character("a")], from: .summary), .charting, "BROWN, Robin"),
            ("lock", drawn([.character("L")]), .locked, "Screen locked"),
        ]
        for (name, (screen, text), expected, shows) in screens {
            #expect(screen == expected, "\(name) at \(columns)x\(rows)")
            #expect(text.contains(shows), "\(name) at \(columns)x\(rows): \(text)")
        }
        var small = Self.state(Self.sizes[size])
        #expect(small.update(.resized(columns: 30, rows: 10)).isEmpty, "too small: nothing is read")
        #expect(small.screen == .tooSmall)
        #expect(SampleChart.render(small).joined().contains("small"))
    }
}
