import Foundation
import SharedPresentation

/// The Elm-style runtime: one thread owns the terminal and the state; events become actions,
/// `update` returns effects, effects run on the cooperative pool and come back as actions
/// through the event loop's poster. The renderer only draws the state it is given.
public final class WorkstationApp {
    /// Why the workstation stopped.
    public enum Exit: Equatable, Sendable {
        case quit
        case terminated(signal: Int32)
        case hangup
    }

    private var state: WorkstationState
    private let terminal: CursesTerminal
    private let loop: TerminalEventLoop<WorkstationAction>
    private let runner: any WorkstationEffectRunner
    private let idleLockAfter: TimeInterval
    private var lastInput = Date()
    /// Local reads (a chart, a census page) finish well within this, so their "loading…" frames are never sent.
    private var hold = FrameHold(window: 0.03)

    /// `idleLockAfter` is the idle-lock period in seconds (0 turns the idle lock off).
    public init(
        state: WorkstationState, terminal: CursesTerminal, runner: any WorkstationEffectRunner, idleLockAfter: TimeInterval
    ) throws(TerminalError) {
        self.state = state
        self.terminal = terminal
        self.runner = runner
        self.idleLockAfter = idleLockAfter
        loop = try TerminalEventLoop(terminal: terminal)
        self.state.columns = terminal.size.cols
        self.state.rows = terminal.size.rows
    }

    /// Delivers actions from work the runtime did not start (a background sync) to `update`,
    /// from any thread.
    public var poster: EventPoster<WorkstationAction> { loop.poster }

    /// Runs until the user quits, a signal ends the process, or the link drops. The terminal
    /// is restored (screen cleared) on every path before this returns.
    public func run() -> Exit {
        defer { loop.close() }
        perform(state.start())
        presentWhenSettled()
        while true {
            let event = loop.next(deadline: [idleDeadline, hold.deadline].compactMap { $0 }.min())
            switch event {
            case let .key(key):
                lastInput = Date()
                if perform(state.update(.key(key))) == .quit {
                    terminal.stop()
                    return .quit
                }
            case let .resize(size):
                _ = perform(state.update(.resized(columns: size.cols, rows: size.rows)))
            case let .tick(now):
                _ = perform(state.update(.tick(now)))
                if let deadline = idleDeadline, now >= deadline, !state.lock.isLocked {
                    _ = perform(state.update(.idleTimeout))
                }
            case let .message(action):
                _ = perform(state.update(action))
            case let .terminate(signal):
                return .terminated(signal: signal)
            case .hangup:
                return .hangup
            }
            presentWhenSettled()
        }
    }

    /// Draws unless the effects just started may still replace this frame within the hold window.
    private func presentWhenSettled() {
        if hold.presentNow(at: Date()) { draw() }
    }

    private var idleDeadline: Date? {
        idleLockAfter > 0 && !state.lock.isLocked ? lastInput.addingTimeInterval(idleLockAfter) : nil
    }

    private enum Outcome { case carryOn, quit }

    /// Starts each effect; returns `.quit` when one of them ends the session.
    @discardableResult
    private func perform(_ effects: [WorkstationEffect]) -> Outcome {
        for effect in effects {
            switch effect {
            case .quit:
                return .quit
            case .repaint:
                terminal.forceRepaint()
            default:
                let runner = runner
                let poster = loop.poster
                let pending = hold.pending
                pending.started()
                Task.detached {
                    let action = await runner.run(effect)
                    pending.finished()
                    if let action { poster.post(action) }
                }
            }
        }
        return .carryOn
    }

    private func draw() {
        var buffer = terminal.makeBuffer()
        let cursor = WorkstationRenderer.render(state, into: &buffer)
        terminal.present(buffer, cursor: cursor)
    }
}
