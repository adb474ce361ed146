import Foundation
import SharedPresentation
import TerminalUI

/// The workstation without a terminal: what `WorkstationApp` does per event (update, then a
/// fresh buffer rendered), with effects run to completion in between so every state is real.
struct WorkstationDriver {
    private(set) var state: WorkstationState
    /// The last frame drawn.
    private(set) var frame: ScreenBuffer
    private let runner: UseCaseEffectRunner

    init(runner: UseCaseEffectRunner, columns: Int, rows: Int) async {
        self.runner = runner
        state = WorkstationState(session: SessionInfo(mode: .demo, user: "bench"), columns: columns, rows: rows, now: Date())
        frame = ScreenBuffer(width: columns, height: rows)
        await settle(state.start())
    }

    /// One key as the runtime handles it: update, then draw a new frame. Returns the effects.
    mutating func press(_ key: InputKey) -> [WorkstationEffect] {
        let effects = state.update(.key(key))
        draw()
        return effects
    }

    /// Runs `effects` and what their results ask for, drawing after each result, as the runtime does.
    mutating func settle(_ effects: [WorkstationEffect]) async {
        var pending = effects
        while !pending.isEmpty {
            let effect = pending.removeFirst()
            guard let action = await runner.run(effect) else { continue }
            pending += state.update(action)
            draw()
        }
    }

    /// Runs only the patient-list effects, leaving chart loads undone (they are timed on their own).
    mutating func settleSearch(_ effects: [WorkstationEffect]) async -> [WorkstationEffect] {
        var later: [WorkstationEffect] = []
        var pending = effects
        while !pending.isEmpty {
            let effect = pending.removeFirst()
            guard case .list(.search) = effect else { later.append(effect); continue }
            guard let action = await runner.run(effect) else { continue }
            pending += state.update(action)
            draw()
        }
        return later
    }

    private mutating func draw() {
        var buffer = ScreenBuffer(width: state.columns, height: state.rows)
        WorkstationRenderer.render(state, into: &buffer)
        frame = buffer
    }
}
