import Testing
@testable import SharedPresentation

/// The lock screen on its own: every update's effects and delegates asserted.
@Suite struct LockFeatureTests {
    @Test func typedTextIsCheckedOnEnterAndNotKept() {
        var lock = LockState.locked
        #expect(lock.update(.key(.character("s"))) == .none)
        #expect(lock.update(.key(.character("3"))) == .none)
        #expect(lock.update(.key(.backspace)) == .none)
        #expect(lock.input == "s")
        #expect(lock.update(.key(.enter)) == .run(.verify("s")))
        #expect(lock.input.isEmpty && lock.isChecking)
    }

    @Test func enterWithNothingTypedChecksNothingAndSaysWhatToDo() {
        var lock = LockState.locked
        #expect(lock.update(.key(.enter)) == .none, "no empty passphrase is sent to be checked")
        #expect(!lock.isChecking && lock.failedAttempts == 0)
        #expect(lock.message == "type the passphrase, then Enter")
        #expect(lock.update(.key(.character("s"))) == .none)
        #expect(lock.update(.key(.enter)) == .run(.verify("s")))
    }

    @Test func keysWaitWhileTheInputIsChecked() {
        var lock = LockState.locked
        #expect(lock.update(.key(.character("s"))) == .none)
        #expect(lock.update(.key(.enter)) == .run(.verify("s")))
        #expect(lock.update(.key(.enter)) == .none, "no second check while one runs")
        #expect(lock.update(.key(.character("x"))) == .none)
        #expect(lock.input.isEmpty)
    }

    @Test func aWrongPassphraseIsCountedAndSaid() {
        var lock = LockState.locked
        #expect(lock.update(.key(.character("s"))) == .none)
        #expect(lock.update(.key(.enter)) == .run(.verify("s")))
        #expect(lock.update(.unlockResult(succeeded: false, message: "wrong passphrase: try again")) == .none)
        #expect(lock.isLocked && !lock.isChecking)
        #expect(lock.failedAttempts == 1)
        #expect(lock.message == "wrong passphrase: try again")
    }

    @Test func theRightOneUnlocksAndTellsTheWorkstation() {
        var lock = LockState.locked
        #expect(lock.update(.key(.character("s"))) == .none)
        #expect(lock.update(.key(.enter)) == .run(.verify("s")))
        #expect(lock.update(.unlockResult(succeeded: true, message: nil)) == .tell(.unlocked))
        #expect(lock == LockState())
    }

    @Test func escClearsWhatWasTyped() {
        var lock = LockState.locked
        #expect(lock.update(.key(.character("a"))) == .none)
        #expect(lock.update(.key(.escape)) == .none)
        #expect(lock.input.isEmpty)
    }

    @Test func theViewCountsAttemptsInWordsAndPutsTheCursorAfterTheDots() {
        var lock = LockState.locked
        lock.failedAttempts = 1
        lock.input = "ab"
        let view = LockView.content(lock, mode: .offline)
        #expect(view.lines.contains(StyledLine("1 failed attempt", .dim)))
        #expect(view.cursorLine.map { view.lines[$0] } == StyledLine([Span("> "), Span("**", .input)]))
        #expect(view.cursorColumn == 4)
    }
}
