import CoreDomain
import Testing
@testable import SharedPresentation

/// The status line's kinds keep their own lifetimes.
@Suite struct NoticeTests {
    private func askingToQuit() -> WorkstationState {
        var state = Census.state()
        #expect(state.update(.outbox(.changed(OutboxStatus(pending: 2)))).isEmpty)
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
        #expect(state.update(.sync(.failed("the server did not answer", offline: true))) == [.checkOutbox])
        #expect(!state.isQuitConfirmPending, "the question is no longer on screen")
        #expect(state.press(.character("q")) == [], "q asks again rather than quitting unseen")
        #expect(state.isQuitConfirmPending)
    }

    @Test func aPlainMessageIsNotTakenForASaveNotice() {
        var state = Census.state()
        state.notice = Notice("saved 1 value, pending until the server has it", tone: .info, kind: .savedPending)
        state.notice = .warning("could not count the unsent entries: disk full")
        #expect(state.update(.outbox(.changed(OutboxStatus()))).isEmpty)
        #expect(state.notice?.text == "could not count the unsent entries: disk full")
    }
}
