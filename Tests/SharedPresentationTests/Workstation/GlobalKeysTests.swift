import CoreDomain
import Foundation
import Testing
@testable import SharedPresentation

@Suite struct GlobalKeysTests {
    @Test func questionMarkOpensHelpAndEscapeOrQuestionMarkCloses() {
        var state = Census.state()
        _ = state.press(.character("?"))
        #expect(state.isHelpShown)
        #expect(state.press(.down).isEmpty)
        #expect(state.patients.selected == 0)
        _ = state.press(.escape)
        #expect(!state.isHelpShown)
        _ = state.press(.character("?"), .character("?"))
        #expect(!state.isHelpShown)
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
        #expect(state.press(.character("q")).isEmpty)
        #expect(state.status?.contains("2 entries not yet sent") == true)
        #expect(state.press(.character("x")).isEmpty)
        #expect(state.status == nil)
        _ = state.press(.character("q"))
        #expect(state.press(.character("q")) == [.quit])
    }

    @Test func capitalLLocksAndHidesHelp() {
        var state = Census.state()
        _ = state.press(.character("?"))
        _ = state.press(.escape, .character("L"))
        #expect(state.lock.isLocked)
    }

    @Test func lockedKeysTypeThePassphraseAndEnterChecksIt() {
        var state = Census.state()
        _ = state.press(.character("L"))
        let effects = state.press(.character("s"), .character("q"), .backspace, .character("x"), .enter)
        #expect(effects == [.verifyUnlock("sx")])
        #expect(state.lock.isChecking)
        #expect(state.lock.input.isEmpty)
        #expect(state.press(.character("q")).isEmpty)
    }

    @Test func aFailedUnlockCountsAndASuccessfulOneReturnsToTheSameChart() {
        var state = Census.state()
        _ = state.press(.down, .enter, .character("3"), .character("L"), .enter)
        _ = state.update(.unlockResult(succeeded: false, message: "wrong passphrase"))
        #expect(state.lock.isLocked)
        #expect(state.lock.failedAttempts == 1)
        #expect(state.lock.message == "wrong passphrase")
        _ = state.press(.enter)
        _ = state.update(.unlockResult(succeeded: true, message: nil))
        #expect(!state.lock.isLocked)
        #expect(state.chart?.patientID == "p1")
        #expect(state.chart?.tab == .vitals)
        #expect(state.focus == .chart)
    }

    @Test func idleTimeoutLocks() {
        var state = Census.state()
        _ = state.update(.timerFired(.idleLock))
        #expect(state.lock.isLocked)
    }

    @Test func tooSmallIgnoresEverythingButQuit() {
        var state = Census.state(columns: 30, rows: 10)
        #expect(state.layout == .tooSmall)
        #expect(state.press(.down, .enter, .character("/")).isEmpty)
        #expect(state.patients.selected == 0)
        #expect(state.press(.character("q")) == [.quit])
    }

    @Test func qOnATooSmallScreenAsksFirstWhileAChartingFormHoldsTypedValues() {
        var state = Census.state()
        _ = state.press(.enter)
        _ = state.update(.chartLoaded(patientID: "p0", .summary(Census.summary(for: Census.entry(0)))))
        _ = state.press(.character("a"))
        _ = state.type("88")
        _ = state.update(.resized(columns: 30, rows: 10))
        #expect(state.press(.character("q")).isEmpty, "typed values are never dropped without asking")
        #expect(state.status?.hasPrefix("the open charting screen is not saved") == true)
        _ = state.press(.down)
        #expect(state.charting != nil && !state.isQuitConfirmPending, "any other key stays, the form kept")
        _ = state.press(.character("q"))
        #expect(state.press(.character("q")) == [.quit])
    }

    @Test func resizeKeepsTheSelection() {
        var state = Census.state(columns: 120, rows: 40)
        _ = state.press(.end)
        _ = state.update(.resized(columns: 80, rows: 24))
        #expect(state.patients.selected == 29)
        #expect(state.patients.top + state.listVisibleRows > 29)
        _ = state.update(.resized(columns: 30, rows: 10))
        _ = state.update(.resized(columns: 120, rows: 40))
        #expect(state.patients.selected == 29)
    }

    @Test func tickMovesTheClock() {
        var state = Census.state()
        let later = Census.now.addingTimeInterval(60)
        _ = state.update(.tick(later))
        #expect(state.now == later)
    }

    @Test func layoutSwitchesAtTheDesignSizeAndTheMinimum() {
        #expect(ScreenLayout(columns: 80, rows: 24) == .split(listWidth: 26))
        #expect(ScreenLayout(columns: 79, rows: 24) == .single)
        #expect(ScreenLayout(columns: 80, rows: 23) == .single)
        #expect(ScreenLayout(columns: 39, rows: 24) == .tooSmall)
    }
}
