import CoreDomain
import Testing
@testable import SharedPresentation

/// The status line's kinds keep their own lifetimes.
@Suite struct NoticeTests {
    private func askingToQuit() -> WorkstationState {
        var state = Census.state()
        _ = state.update(.outboxChanged(OutboxStatus(pending: 2)))
        #expect(state.press(.character("q")) == [])
        #expect(state.notice?.kind == .quitQuestion)
        return state
    }

    @Test func theQuitQuestionIsAnsweredByTheNextKey() {
        var state = askingToQuit()
        #expect(state.press(.character("q")) == [.quit])
    }

    @Test func aNoticeThatReplacedTheQuestionTakesItsAnswerAway() {
        var state = askingToQuit()
        _ = state.update(.syncFailed("the server did not answer", offline: true))
        #expect(!state.isQuitConfirmPending, "the question is no longer on screen")
        #expect(state.press(.character("q")) == [], "q asks again rather than quitting unseen")
        #expect(state.isQuitConfirmPending)
    }

    @Test func aPlainMessageIsNotTakenForASaveNotice() {
        var state = Census.state()
        state.notice = Notice("saved 1 value, pending until the server has it", kind: .savedPending)
        state.status = "could not count the unsent entries: disk full"
        _ = state.update(.outboxChanged(OutboxStatus()))
        #expect(state.status == "could not count the unsent entries: disk full")
    }
}
