import CoreDomain
import Foundation
import Testing
@testable import SharedPresentation

@Suite struct GlobalKeysTests {
    @Test func questionMarkOpensHelpAndEscapeOrQuestionMarkCloses() {
        var store = TestStore(Census.state())
        store.press(.character("?")) { $0.isHelpShown = true }
        store.press(.down) { $0.helpScroll = 1 }
        store.press(.escape) { $0.isHelpShown = false }
        store.press(.character("?")) {
            $0.isHelpShown = true
            $0.helpScroll = 0
        }
        store.press(.character("?")) { $0.isHelpShown = false }
    }

    @Test func controlLRepaints() {
        var state = Census.state()
        #expect(state.press(.control("l")) == [.repaint])
    }

    @Test func qQuitsWhenNothingIsUnsent() {
        var state = Census.state()
        #expect(state.press(.character("q")) == [.quit])
    }

    @Test func qAsksFirstWhenEntriesAreUnsent() {
        var state = Census.state()
        state.outbox = OutboxStatus(pending: 2)
        var store = TestStore(state)
        let question = StatusText.quitQuestion(["2 unsent entries"])
        store.press(.character("q")) { $0.notice = question }
        store.press(.character("x")) { $0.notice = nil }
        store.press(.character("q")) { $0.notice = question }
        store.press(.character("q"), effects: [.quit]) { $0.notice = nil }
    }

    @Test func capitalLLocksButNotFromTheHelpScreen() {
        var store = TestStore(Census.state())
        store.press(.character("?")) { $0.isHelpShown = true }
        store.press(.character("L"))
        store.press(.escape) { $0.isHelpShown = false }
        store.press(.character("L"), effects: [.lock(.locked)]) { $0.lock = .locked }
    }

    @Test func lockedKeysTypeThePassphraseAndEnterChecksIt() {
        var store = TestStore(Census.state())
        store.press(.character("L"), effects: [.lock(.locked)]) { $0.lock = .locked }
        store.press(.character("s")) { $0.lock.input = "s" }
        store.press(.character("q")) { $0.lock.input = "sq" }
        store.press(.backspace) { $0.lock.input = "s" }
        store.press(.character("x")) { $0.lock.input = "sx" }
        store.press(.enter, effects: [.lock(.verify("sx"))]) {
            $0.lock.input = ""
            $0.lock.isChecking = true
        }
        store.press(.character("q"))
    }

    @Test func aFailedUnlockCountsAndASuccessfulOneReturnsToTheSameChart() {
        var state = Census.state()
        #expect(state.press(.down, .enter) == Census.opened("p1"))
        #expect(state.press(.character("3")) == [.chart(patientID: "p1", .load(.vitals))])
        #expect(state.press(.character("L")) == [.lock(.locked)])
        #expect(state.press(.character("x"), .enter) == [.lock(.verify("x"))])
        #expect(state.update(.lock(.unlockResult(succeeded: false, message: "wrong passphrase"))).isEmpty)
        #expect(state.lock.isLocked)
        #expect(state.lock.failedAttempts == 1)
        #expect(state.lock.message == "wrong passphrase")
        #expect(state.press(.character("s"), .enter) == [.lock(.verify("s"))])
        #expect(state.update(.lock(.unlockResult(succeeded: true, message: nil))).isEmpty)
        #expect(!state.lock.isLocked)
        #expect(state.chart?.patientID == "p1")
        #expect(state.chart?.tab == .vitals)
        #expect(state.focus == .chart)
    }

    @Test func idleTimeoutLocks() {
        var store = TestStore(Census.state())
        store.press(.character("?")) { $0.isHelpShown = true }
        store.send(.timerFired(.idleLock), effects: [.lock(.locked)]) {
            $0.lock = .locked
            $0.isHelpShown = false
        }
    }

    @Test func tooSmallIgnoresEverythingButQuit() {
        var state = Census.state(columns: 30, rows: 10)
        #expect(state.layout == .tooSmall)
        #expect(state.press(.down, .enter, .character("/")).isEmpty)
        #expect(state.patients.selected == 0)
        #expect(state.press(.character("q")) == [.quit])
    }

    @Test func aScreenTooSmallForAChartReadsNoneAndGrownBackShowsTheChosenPatient() {
        var state = Census.state(columns: 30, rows: 10)
        #expect(state.chart == nil, "nothing is shown, so nothing was read or audited as viewed")
        #expect(state.update(.resized(columns: 80, rows: 24)) == Census.firstOpened("p0"))
        #expect(state.chart?.patientID == "p0")
        #expect(state.update(.resized(columns: 60, rows: 20)).isEmpty, "one pane at a time keeps what is open")
    }

    @Test func qOnATooSmallScreenAsksFirstWhileAChartingFormHoldsTypedValues() {
        var state = Census.state()
        #expect(state.press(.enter).isEmpty)
        #expect(state.update(.chart(patientID: "p0", .loaded(ChartContent(SummaryState.self, Census.summary(for: Census.entry(0)))))).isEmpty)
        #expect(state.press(.character("a")).isEmpty)
        #expect(state.type("88").isEmpty)
        #expect(state.update(.resized(columns: 30, rows: 10)).isEmpty)
        #expect(state.press(.character("q")).isEmpty, "typed values are never dropped without asking")
        #expect(state.notice?.text.hasPrefix("form not saved") == true)
        #expect(state.press(.down).isEmpty)
        #expect(state.charting != nil && !state.isQuitConfirmPending, "any other key stays, the form kept")
        #expect(state.press(.character("q")).isEmpty)
        #expect(state.press(.character("q")) == [.quit])
    }

    @Test func resizeKeepsTheSelection() {
        var state = Census.state(columns: 120, rows: 40)
        #expect(state.press(.end) == Census.opened("p29"))
        #expect(state.update(.resized(columns: 80, rows: 24)).isEmpty)
        #expect(state.patients.selected == 29)
        #expect(state.patients.top + state.listVisibleRows > 29)
        #expect(state.update(.resized(columns: 30, rows: 10)).isEmpty)
        #expect(state.update(.resized(columns: 120, rows: 40)).isEmpty)
        #expect(state.patients.selected == 29)
    }

    @Test func tickMovesTheClock() {
        var store = TestStore(Census.state())
        let later = Census.now.addingTimeInterval(60)
        store.send(.tick(later)) { $0.now = later }
    }

    @Test func layoutSwitchesAtTheDesignSizeAndTheMinimum() {
        #expect(ScreenLayout(columns: 80, rows: 24) == .split(listWidth: 26))
        #expect(ScreenLayout(columns: 79, rows: 24) == .single)
        #expect(ScreenLayout(columns: 80, rows: 23) == .single)
        #expect(ScreenLayout(columns: 39, rows: 24) == .tooSmall)
    }
}
