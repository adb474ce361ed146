import Foundation
import Glibc
import Testing
@testable import TerminalUI

/// A terminal stand-in: input comes from a pipe, one byte per key, and calls are recorded.
private final class PipeTerminal: TerminalDevice {
    let inputDescriptor: Int32
    let keyboard: Int32
    var calls: [String] = []
    var rows = 24

    init() {
        var ends: [Int32] = [-1, -1]
        precondition(pipe(&ends) == 0)
        inputDescriptor = ends[0]
        keyboard = ends[1]
    }

    deinit {
        close(inputDescriptor)
        if keyboard >= 0 { close(keyboard) }
    }

    func type(_ text: String) {
        _ = text.utf8CString.withUnsafeBufferPointer { write(keyboard, $0.baseAddress, $0.count - 1) }
    }

    func readKeys() -> [Key] {
        var bytes = [UInt8](repeating: 0, count: 16)
        let count = read(inputDescriptor, &bytes, bytes.count)
        return bytes.prefix(max(count, 0)).map { .character(Character(Unicode.Scalar($0))) }
    }

    func handleResize() -> TerminalSize {
        calls.append("resize")
        return TerminalSize(rows: rows, cols: 80)
    }

    func forceRepaint() { calls.append("repaint") }
    func suspend() { calls.append("suspend") }
    func resume() { calls.append("resume") }
    func stop() { calls.append("stop") }
    func stopAfterHangup() { calls.append("stopAfterHangup") }
}

extension ProcessSignals {
    @Suite struct TerminalEventLoopTests {
        /// A clock that stands still: a minute beginning mid-test would otherwise come first as a `.tick`.
        static let stoppedClock: @Sendable () -> Date = { Date(timeIntervalSince1970: 1_800_000_000) }

        @Test func deliversKeysInOrder() throws {
            let terminal = PipeTerminal()
            let loop = try TerminalEventLoop<String>(terminal: terminal, now: Self.stoppedClock)
            defer { loop.close() }
            terminal.type("qj")
            #expect(keys(loop.next(), loop.next()) == [.character("q"), .character("j")])
        }

        @Test func postedMessagesArriveFromOtherThreads() async throws {
            let terminal = PipeTerminal()
            let loop = try TerminalEventLoop<Int>(terminal: terminal, now: Self.stoppedClock)
            defer { loop.close() }
            let poster = loop.poster
            await Task.detached { for value in 1...3 { poster.post(value) } }.value
            var received: [Int] = []
            for _ in 1...3 {
                if case .message(let value) = loop.next() { received.append(value) }
            }
            #expect(received == [1, 2, 3])
        }

        @Test func windowChangeBecomesOneResize() throws {
            let terminal = PipeTerminal()
            terminal.rows = 30
            let loop = try TerminalEventLoop<String>(terminal: terminal)
            defer { loop.close() }
            signalProcess(SIGWINCH)
            signalProcess(SIGWINCH)
            guard case .resize(let size) = loop.next() else { Issue.record("expected a resize"); return }
            #expect(size == TerminalSize(rows: 30, cols: 80))
            #expect(terminal.calls == ["resize"])
        }

        @Test func terminationStopsTheTerminalAndStaysFinished() throws {
            let terminal = PipeTerminal()
            let loop = try TerminalEventLoop<String>(terminal: terminal)
            defer { loop.close() }
            signalProcess(SIGTERM)
            guard case .terminate(let signal) = loop.next() else { Issue.record("expected terminate"); return }
            #expect(signal == SIGTERM)
            guard case .terminate = loop.next() else { Issue.record("expected terminate again"); return }
            #expect(terminal.calls == ["stop"])
        }

        @Test func hangupSignalReleasesTheTerminalWithoutBlocking() throws {
            let terminal = PipeTerminal()
            let loop = try TerminalEventLoop<String>(terminal: terminal)
            defer { loop.close() }
            signalProcess(SIGHUP)
            guard case .hangup = loop.next() else { Issue.record("expected hangup"); return }
            #expect(terminal.calls == ["stopAfterHangup"])
        }

        @Test func closedInputIsAHangup() throws {
            let terminal = PipeTerminal()
            let loop = try TerminalEventLoop<String>(terminal: terminal)
            defer { loop.close() }
            close(terminal.keyboard)
            guard case .hangup = loop.next() else { Issue.record("expected hangup"); return }
            #expect(terminal.calls == ["stopAfterHangup"])
        }

        @Test func continueAfterAForeignStopRepaints() throws {
            let terminal = PipeTerminal()
            let loop = try TerminalEventLoop<String>(terminal: terminal)
            defer { loop.close() }
            signalProcess(SIGCONT)
            guard case .tick = loop.next(deadline: Date().addingTimeInterval(0.3)) else { Issue.record("expected a tick"); return }
            #expect(terminal.calls == ["repaint"])
        }

        /// A job the terminal is released for (a login) runs between suspend and resume, as a
        /// Ctrl-Z does; a Ctrl-C meanwhile is the job's (it can tell), not the workstation's end,
        /// and the application redraws after.
        @Test func aJobRunsWithTheTerminalReleasedAndCtrlCIsItsOwn() throws {
            let terminal = PipeTerminal()
            let loop = try TerminalEventLoop<String>(terminal: terminal, now: Self.stoppedClock)
            defer { loop.close() }
            let answer = loop.releasingTerminal { interrupted in
                let before = interrupted()
                signalProcess(SIGINT)
                // The handler runs on whichever thread takes the signal: wait, bounded, for its byte.
                let end = Date().addingTimeInterval(5)
                while !interrupted(), Date() < end {}
                return (terminal.calls, before, interrupted())
            }
            #expect(answer.0 == ["suspend"], "the job runs with the terminal handed over")
            #expect(!answer.1 && answer.2, "the job hears its Ctrl-C")
            guard case .resize = loop.next() else { Issue.record("expected the redraw, not the end"); return }
            #expect(terminal.calls == ["suspend", "resume", "resize"])
            terminal.type("q")
            guard case .key(.character("q")) = loop.next() else { Issue.record("expected the workstation to go on"); return }
        }

        /// A termination that arrives during the job still ends the session after it.
        @Test func aTerminationDuringAJobEndsTheSessionAfterIt() throws {
            let terminal = PipeTerminal()
            let loop = try TerminalEventLoop<String>(terminal: terminal, now: Self.stoppedClock)
            defer { loop.close() }
            loop.releasingTerminal { _ in signalProcess(SIGTERM) }
            // The redraw may come first when the signal lands on another thread after the job.
            var event = loop.next()
            while case .resize = event { event = loop.next() }
            guard case .terminate(SIGTERM) = event else { Issue.record("expected terminate"); return }
        }

        /// A hang-up during the job (the link dropped mid-login) ends the job's wait at once,
        /// not after a browser's five minutes or a device code's life, then the session.
        @Test func aHangupDuringAJobEndsItsWaitThenTheSession() throws {
            let terminal = PipeTerminal()
            let loop = try TerminalEventLoop<String>(terminal: terminal, now: Self.stoppedClock)
            defer { loop.close() }
            let heard = loop.releasingTerminal { interrupted in
                signalProcess(SIGHUP)
                let end = Date().addingTimeInterval(5)
                while !interrupted(), Date() < end {}
                return interrupted()
            }
            #expect(heard, "the job's wait ends")
            var event = loop.next()
            while case .resize = event { event = loop.next() }
            guard case .hangup = event else { Issue.record("expected the session to end, not \(event)"); return }
        }

        @Test func deadlineProducesATickWithoutInput() throws {
            let terminal = PipeTerminal()
            let loop = try TerminalEventLoop<String>(terminal: terminal)
            defer { loop.close() }
            let start = Date()
            guard case .tick(let now) = loop.next(deadline: start.addingTimeInterval(0.05)) else {
                Issue.record("expected a tick")
                return
            }
            #expect(now.timeIntervalSince(start) >= 0.05)
            #expect(now.timeIntervalSince(start) < 5)
        }

        @Test func aMinuteThatBeginsWhileAnEventIsHandledStillTicksAtOnce() throws {
            let clock = StepClock(Date(timeIntervalSince1970: 1_000 * 60 - 0.5))
            let terminal = PipeTerminal()
            let loop = try TerminalEventLoop<String>(terminal: terminal, now: { clock.now })
            defer { loop.close() }
            terminal.type("j")
            #expect(keys(loop.next()) == [.character("j")])
            clock.now += 1  // handling the key took the application past the minute
            let started = Date()
            guard case .tick(let now) = loop.next() else { Issue.record("expected a tick"); return }
            #expect(now == clock.now)
            #expect(Date().timeIntervalSince(started) < 1, "the tick came at once, not a minute late")
            terminal.type("k")
            #expect(keys(loop.next()) == [.character("k")], "one tick per minute")
        }

        private func keys(_ events: TerminalEvent<String>...) -> [Key] {
            events.compactMap { if case .key(let key) = $0 { key } else { nil } }
        }
    }
}

/// Signals the whole process, as the kernel does for SIGWINCH or a shell for SIGTERM; raise(3)
/// would target the test's worker thread, which blocks signals.
private func signalProcess(_ signal: Int32) {
    kill(getpid(), signal)
}

/// A clock the test moves by hand.
private final class StepClock {
    var now: Date
    init(_ now: Date) { self.now = now }
}
