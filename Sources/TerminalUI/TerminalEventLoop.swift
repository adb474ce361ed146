import Foundation
import Glibc

/// Waits for the next thing the application must react to — a key, a resize, a signal, a
/// message from another thread, or the time for a timer — sleeping in poll(2) in between
/// (no busy polling: 0% CPU when idle). Use it on one thread, the one that owns the terminal.
///
/// Signals are handled here: SIGWINCH becomes `.resize`; SIGINT/SIGTERM stop the terminal
/// (screen cleared, tty restored) and become `.terminate`; SIGHUP or a closed tty release the
/// terminal without blocking on the dead link and become `.hangup`; Ctrl-Z clears the screen,
/// suspends, and on `fg` repaints and delivers `.resize` so the application redraws.
public final class TerminalEventLoop<Message: Sendable> {
    /// Give this to background work; its `post(_:)` arrives here as `.message`.
    public let poster: EventPoster<Message>
    private let terminal: any TerminalDevice
    private let pipe: SignalPipe
    private let now: () -> Date
    private var pending: [TerminalEvent<Message>] = []
    private var finished: TerminalEvent<Message>?
    private var suspended = false
    private var closed = false
    /// The minute of the last `.tick` (or of the start): a minute that begins while the
    /// caller handles another event still gets its tick, so the header clock never lags.
    private var tickedMinute: Double

    /// Takes over SIGWINCH, SIGINT, SIGTERM, SIGHUP, SIGTSTP and SIGCONT until `close()`.
    /// The time now, by the loop's clock.
    public var time: Date { now() }

    /// `now` is injectable so timer behaviour can be tested.
    public init(terminal: any TerminalDevice, now: @escaping () -> Date = Date.init) throws(TerminalError) {
        self.terminal = terminal
        self.now = now
        tickedMinute = Self.minute(of: now())
        pipe = try SignalPipe()
        poster = EventPoster(pipe: pipe)
        pipe.install()
    }

    deinit { close() }

    /// Blocks until the next event. Returns `.tick` when a new minute begins or `deadline`
    /// passes, whichever is first. After `.terminate` or `.hangup`, returns that event again.
    public func next(deadline: Date? = nil) -> TerminalEvent<Message> {
        while pending.isEmpty, finished == nil {
            if Self.minute(of: now()) != tickedMinute { return tick() }
            var descriptors = [
                pollfd(fd: pipe.readEnd, events: Int16(POLLIN), revents: 0),
                pollfd(fd: terminal.inputDescriptor, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&descriptors, nfds_t(descriptors.count), LoopTimer.timeout(now: now(), deadline: deadline))
            if ready < 0, errno == EINTR { continue }
            if ready == 0 { return tick() }
            if ready < 0 || descriptors[1].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
                finish(.hangup)
                break
            }
            if descriptors[0].revents & Int16(POLLIN) != 0 { handle(pipe.drain()) }
            if finished == nil, descriptors[1].revents & Int16(POLLIN) != 0 {
                pending += terminal.readKeys().map { .key($0) }
            }
        }
        if let finished { return finished }
        return pending.removeFirst()
    }

    private func tick() -> TerminalEvent<Message> {
        let time = now()
        tickedMinute = Self.minute(of: time)
        return .tick(now: time)
    }

    private static func minute(of date: Date) -> Double {
        (date.timeIntervalSince1970 / 60).rounded(.down)
    }

    /// Gives the signals back their default behaviour. Called on deinit too.
    public func close() {
        guard !closed else { return }
        closed = true
        pipe.uninstall()
    }

    private func handle(_ bytes: [UInt8]) {
        var resized = false
        for byte in bytes where finished == nil {
            switch Int32(byte) {
            case Int32(SignalPipe.messageByte):
                pending += poster.takeAll().map { .message($0) }
            case SIGWINCH where !resized:
                resized = true
                pending.append(.resize(terminal.handleResize()))
            case SIGINT, SIGTERM:
                finish(.terminate(signal: Int32(byte)))
            case SIGHUP:
                finish(.hangup)
            case SIGTSTP:
                terminal.suspend()
                suspended = true
                kill(getpid(), SIGSTOP)
            case SIGCONT where suspended:
                suspended = false
                retake()
            case SIGCONT:
                // Stopped by someone else (SIGSTOP): the screen may have been overwritten.
                terminal.forceRepaint()
            default:
                break
            }
        }
    }

    /// Hands the terminal to `job` as Ctrl-Z hands it to the shell (Bubble Tea's
    /// `tea.ExecProcess`): the screen is cleared and curses ended, `job` runs on the tty in its
    /// ordinary modes, then curses comes back and a `.resize` makes the application redraw.
    /// Ctrl-C during the job is the job's, not the workstation's end: `interrupted` tells the
    /// job whether it came (it may ask while it waits), and a blocking read on the thread that
    /// takes the signal ends with EINTR. A hang-up or SIGTERM also ends the job's wait (a
    /// dropped link must not leave a login waiting minutes for a browser or a device code),
    /// and then the session, as always; a Ctrl-Z meanwhile is dropped.
    public func releasingTerminal<T>(_ job: (_ interrupted: @escaping () -> Bool) -> T) -> T {
        terminal.suspend()
        pipe.install(interruptingReads: true)
        var held: [UInt8] = []
        let pipe = pipe
        let result = job {
            held += pipe.drain()
            return held.contains { [SIGINT, SIGHUP, SIGTERM].contains(Int32($0)) }
        }
        pipe.install()
        held += pipe.drain()
        retake()
        handle(held.filter { ![SIGINT, SIGTSTP, SIGCONT].contains(Int32($0)) })
        return result
    }

    /// Takes the terminal back after a suspend or a job: curses again, and a redraw at the size
    /// the terminal has now.
    private func retake() {
        terminal.resume()
        pending.append(.resize(terminal.handleResize()))
    }

    private func finish(_ event: TerminalEvent<Message>) {
        if case .hangup = event { terminal.stopAfterHangup() } else { terminal.stop() }
        pending.removeAll()
        finished = event
        close()
    }
}
