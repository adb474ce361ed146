import Foundation
import Synchronization

/// Runs the workstation: holds the state, applies each action to it, and carries out the
/// effects `update` returns. Reads and writes run on the cooperative pool and answer through
/// `deliver`; timers, the sync with the server and the whole-file check are kept by slot, so
/// the state can replace or cancel them and nothing outlives `close()`. What only a terminal
/// can do (repaint, quit, releasing the terminal for a login) is handed back to the caller.
///
/// Not thread-safe by design: one thread (the terminal's) calls it. Other threads answer
/// only through `deliver`, which must bring the action back to that thread.
public final class WorkstationStore {
    public private(set) var state: WorkstationState
    private let runner: any WorkstationEffectRunner
    private let clock: any Clock<Duration>
    private let deliver: @Sendable (WorkstationAction) -> Void
    private var timers: [WorkstationTimer: PendingTimer] = [:]
    private var longRunning: [LongRunning: Task<Void, Never>] = [:]
    /// The last ordered effect started (see `isOrdered`): the next one waits for it.
    private var orderedTail: Task<Void, Never>?
    /// Quick reads that a `.cancel` may stop, by their `cancelID`; each removes itself when done.
    private let inFlight = InFlight()

    /// Work that runs for seconds or minutes, at most one of each.
    private enum LongRunning: Hashable {
        case sync, structureCheck, results
    }

    /// A scheduled timer; `hasFired` tells its own firing from one that was replaced after
    /// it fired but before its action arrived (a key at the very moment the idle lock ran out).
    private final class PendingTimer: Sendable {
        let hasFired = Atomic(false)
        let task: Mutex<Task<Void, Never>?> = Mutex(nil)

        func cancel() { task.withLock { $0?.cancel() } }
    }

    /// `clock` times the timers (a test's own clock, to run the idle lock without waiting).
    public init(
        state: WorkstationState, runner: any WorkstationEffectRunner, clock: any Clock<Duration> = ContinuousClock(),
        deliver: @escaping @Sendable (WorkstationAction) -> Void
    ) {
        self.state = state
        self.runner = runner
        self.clock = clock
        self.deliver = deliver
    }

    /// The first work: the census, the outbox, the checks and timers the state starts with.
    public func start(observer: (any EffectObserver)? = nil) -> [WorkstationEffect] {
        perform(state.start(), observer: observer)
    }

    /// Applies `action`; returns what only the terminal can do (`.repaint`, `.quit`,
    /// `.releaseTerminal`).
    public func send(_ action: WorkstationAction, observer: (any EffectObserver)? = nil) -> [WorkstationEffect] {
        if case let .timerFired(timer) = action {
            // Only the timer now pending may fire: one replaced or cancelled since is stale.
            guard let pending = timers[timer], pending.hasFired.load(ordering: .acquiring) else { return [] }
            timers[timer] = nil
        }
        return perform(state.update(action), observer: observer)
    }

    /// Stops every timer and long-running effect (quit, a signal, a dropped link).
    public func close() {
        timers.values.forEach { $0.cancel() }
        timers.removeAll()
        longRunning.values.forEach { $0.cancel() }
        longRunning.removeAll()
        inFlight.cancelAll()
    }

    private func perform(_ effects: [WorkstationEffect], observer: (any EffectObserver)?) -> [WorkstationEffect] {
        var forTerminal: [WorkstationEffect] = []
        for effect in effects {
            switch effect {
            case .repaint, .quit, .releaseTerminal:
                forTerminal.append(effect)
            case let .schedule(timer, seconds):
                schedule(timer, after: seconds)
            case let .cancel(id):
                if let timer = id.timer { timers.removeValue(forKey: timer)?.cancel() } else { inFlight.cancel(id) }
            case .syncWithServer, .syncPatients:
                runLongRunning(effect, in: .sync)
            case .checkCacheStructure:
                runLongRunning(effect, in: .structureCheck)
            case .followResults:
                runLongRunning(effect, in: .results)
            default:
                runQuickRead(effect, observer: observer)
            }
        }
        return forTerminal
    }

    private func schedule(_ timer: WorkstationTimer, after seconds: TimeInterval) {
        timers.removeValue(forKey: timer)?.cancel()
        let pending = PendingTimer()
        let clock = clock
        let deliver = deliver
        let task = Task.detached {
            do { try await clock.sleep(for: .seconds(seconds)) } catch { return }
            pending.hasFired.store(true, ordering: .releasing)
            deliver(.timerFired(timer))
        }
        pending.task.withLock { $0 = task }
        timers[timer] = pending
    }

    private func runLongRunning(_ effect: WorkstationEffect, in slot: LongRunning) {
        longRunning[slot]?.cancel()
        let runner = runner
        let deliver = deliver
        longRunning[slot] = Task.detached {
            await runner.run(effect) { action in
                if !Task.isCancelled { deliver(action) }
            }
        }
    }

    private func runQuickRead(_ effect: WorkstationEffect, observer: (any EffectObserver)?) {
        let runner = runner
        let deliver = deliver
        observer?.started()
        let finish = FinishOnce(observer)
        let previous = effect.isOrdered ? orderedTail : nil
        let task = Task.detached {
            await previous?.value
            await runner.run(effect) { action in
                finish()
                // A cancelled read's answer is for a screen no longer shown.
                if !Task.isCancelled { deliver(action) }
            }
            finish()
        }
        if effect.isOrdered { orderedTail = task }
        if let id = effect.cancelID { inFlight.add(task, as: id) }
    }

    /// The quick reads running under a cancel id. Shared with the tasks, which leave it as
    /// they end, so it never holds finished work.
    private final class InFlight: Sendable {
        private let tasks = Mutex<[EffectID: [Task<Void, Never>]]>([:])

        func add(_ task: Task<Void, Never>, as id: EffectID) {
            tasks.withLock { $0[id, default: []].append(task) }
            Task.detached { [weak self] in
                await task.value
                self?.tasks.withLock { $0[id]?.removeAll { $0 == task } }
            }
        }

        func cancel(_ id: EffectID) {
            tasks.withLock { $0.removeValue(forKey: id) }?.forEach { $0.cancel() }
        }

        func cancelAll() {
            tasks.withLock { tasks in
                defer { tasks.removeAll() }
                return tasks.values.flatMap { $0 }
            }.forEach { $0.cancel() }
        }
    }

    /// Tells the observer an effect finished, once: at its first answer, or at its end if it had none.
    private final class FinishOnce: Sendable {
        private let observer: (any EffectObserver)?
        private let done = Atomic(false)

        init(_ observer: (any EffectObserver)?) {
            self.observer = observer
        }

        func callAsFunction() {
            if !done.exchange(true, ordering: .acquiringAndReleasing) { observer?.finished() }
        }
    }
}
