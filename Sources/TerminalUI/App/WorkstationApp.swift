import Foundation
import SharedPresentation

/// The Elm-style runtime: one thread owns the terminal and the store; terminal events become
/// actions, the store applies them and runs the effects they ask for, and effect results come
/// back as actions through the event loop's poster. The renderer only draws the state it is
/// given. Every timer (the idle lock, the next sync) is an effect the state owns, so nothing
/// here decides when to lock or sync.
public final class WorkstationApp<Device: ScreenDevice> {
    /// Why the workstation stopped.
    public enum Exit: Equatable, Sendable {
        case quit
        case terminated(signal: Int32)
        case hangup
    }

    /// Runs a job the state handed the terminal to (`WorkstationEffect.releaseTerminal`), on
    /// the tty with curses ended; `interrupted` says whether Ctrl-C came meanwhile. Its answer
    /// goes to the state.
    public typealias TerminalJobRunner = (_ job: TerminalJob, _ interrupted: @escaping () -> Bool) -> WorkstationAction

    private let store: WorkstationStore
    private let terminalJobs: TerminalJobRunner?
    private let terminal: Device
    private let loop: TerminalEventLoop<WorkstationAction>
    /// Local reads (a chart, a census page, the ward's due list) finish within this, so their "loading…" frames are never sent.
    private var frames = FrameCoalescer(window: FrameCoalescer.workstationWindow)

    /// `clock` times the state's timers (the idle lock, the next sync); `terminalJobs` runs
    /// what the state releases the terminal for (none: such a request is ignored).
    public init(
        state: WorkstationState, terminal: Device, runner: any WorkstationEffectRunner, clock: any Clock<Duration> = ContinuousClock(),
        terminalJobs: TerminalJobRunner? = nil
    ) throws(TerminalError) {
        self.terminal = terminal
        self.terminalJobs = terminalJobs
        loop = try TerminalEventLoop(terminal: terminal)
        var sized = state
        sized.columns = terminal.size.cols
        sized.rows = terminal.size.rows
        let poster = loop.poster
        store = WorkstationStore(state: sized, runner: runner, clock: clock) { poster.post($0) }
    }

    /// The state as last drawn (or about to be).
    public var state: WorkstationState { store.state }

    /// Runs until the user quits, a signal ends the process, or the link drops. The terminal
    /// is restored (screen cleared) and every timer and background effect stopped on every
    /// path before this returns.
    public func run() -> Exit {
        defer {
            store.close()
            loop.close()
        }
        _ = carryOut(store.start(observer: frames.pending))
        presentWhenSettled()
        while true {
            let action: WorkstationAction
            switch loop.next(deadline: frames.deadline) {
            case let .key(key):
                // The key's own time, not the minute's tick: what it records ("given now", an
                // infusion's rate changed a few seconds after its start) is stamped when it happened.
                _ = store.send(.tick(loop.time), observer: frames.pending)
                action = .key(key)
            case let .resize(size): action = .resized(columns: size.cols, rows: size.rows)
            case let .tick(now): action = .tick(now)
            case let .message(message): action = message
            case let .terminate(signal): return .terminated(signal: signal)
            case .hangup: return .hangup
            }
            if carryOut(store.send(action, observer: frames.pending)) == .quit {
                terminal.stop()
                return .quit
            }
            presentWhenSettled()
        }
    }

    private enum Outcome { case carryOn, quit }

    /// Does what only the terminal can: repaint, hand the terminal to a job (through the same
    /// path as Ctrl-Z) and give its answer to the state, or end the session.
    private func carryOut(_ effects: [WorkstationEffect]) -> Outcome {
        for effect in effects {
            switch effect {
            case .quit:
                return .quit
            case .repaint:
                terminal.forceRepaint()
            case let .releaseTerminal(job):
                guard let terminalJobs else { continue }
                let answer = loop.releasingTerminal { interrupted in terminalJobs(job, interrupted) }
                if carryOut(store.send(answer, observer: frames.pending)) == .quit { return .quit }
            default:
                continue
            }
        }
        return .carryOn
    }

    /// Draws unless the effects just started may still replace this frame within the coalescing window.
    private func presentWhenSettled() {
        guard frames.presentNow(at: loop.time) else { return }
        var buffer = terminal.makeBuffer()
        let cursor = WorkstationRenderer.render(store.state, into: &buffer)
        terminal.present(buffer, cursor: cursor)
    }
}
