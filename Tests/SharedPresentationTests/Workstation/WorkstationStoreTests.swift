import Foundation
import Testing
import TestSupport
@testable import SharedPresentation

/// The store runs the state's effects: timers on a clock the test moves, long work by slot.
@Suite struct WorkstationStoreTests {
    private func store(idleLockAfter: TimeInterval = 900, sync: SyncSchedule? = nil, runner: RecordingRunner = RecordingRunner())
        -> (WorkstationStore, ManualClock, Inbox)
    {
        var state = Census.state()
        state.idleLockAfter = idleLockAfter
        state.syncSchedule = sync
        let clock = ManualClock()
        let inbox = Inbox()
        return (WorkstationStore(state: state, runner: runner, clock: clock) { inbox.post($0) }, clock, inbox)
    }

    @Test func theScreenLocksAfterTheIdlePeriodWithoutAKey() async {
        let (store, clock, inbox) = store()
        #expect(store.start().isEmpty)
        #expect(await eventually { clock.deadlines == [.seconds(900)] })
        clock.advance(by: .seconds(899))
        #expect(clock.deadlines == [.seconds(900)], "one second early: still waiting")
        clock.advance(by: .seconds(1))
        #expect(await eventually { inbox.received == [.timerFired(.idleLock)] })
        #expect(inbox.take().flatMap { store.send($0) } == [])
        #expect(store.state.lock.isLocked)
        store.close()
    }

    @Test func aKeyStartsTheIdlePeriodAgain() async {
        let (store, clock, inbox) = store()
        #expect(store.start().isEmpty)
        #expect(await eventually { clock.deadlines == [.seconds(900)] })
        clock.advance(by: .seconds(600))
        #expect(store.send(.key(.character("?"))).isEmpty)
        #expect(await eventually { clock.deadlines == [.seconds(1500)] }, "the first timer is gone, the new one runs from the key")
        clock.advance(by: .seconds(600))
        #expect(inbox.received.isEmpty)
        #expect(!store.state.lock.isLocked)
        store.close()
    }

    @Test func aTimerReplacedAfterItFiredDoesNotLock() async {
        let (store, clock, inbox) = store()
        #expect(store.start().isEmpty)
        #expect(await eventually { clock.deadlines == [.seconds(900)] })
        clock.advance(by: .seconds(900))
        #expect(await eventually { inbox.received == [.timerFired(.idleLock)] })
        // A key reached the store before the timer's action did: the user is there.
        #expect(store.send(.key(.character("?"))).isEmpty)
        #expect(inbox.take().flatMap { store.send($0) } == [])
        #expect(!store.state.lock.isLocked)
        store.close()
    }

    @Test func syncsRunAtOnceThenEveryInterval() async {
        let runner = RecordingRunner(syncAnswer: .sync(.finished(at: Census.now)))
        let (store, clock, inbox) = store(idleLockAfter: 0, sync: SyncSchedule(interval: 300), runner: runner)
        #expect(store.start().isEmpty)
        #expect(await eventually { inbox.received == [.sync(.finished(at: Census.now))] })
        #expect(inbox.take().flatMap { store.send($0) }.isEmpty, "nothing for the terminal")
        #expect(await eventually { clock.deadlines == [.seconds(300)] })
        #expect(runner.effects.filter { $0 == .syncWithServer }.count == 1)
        clock.advance(by: .seconds(300))
        #expect(await eventually { inbox.received == [.timerFired(.nextSync)] })
        #expect(inbox.take().flatMap { store.send($0) }.isEmpty, "nothing for the terminal")
        #expect(await eventually { runner.effects.filter { $0 == .syncWithServer }.count == 2 })
        store.close()
    }

    @Test func closingStopsEveryTimer() async {
        let (store, clock, _) = store()
        #expect(store.start().isEmpty)
        #expect(await eventually { clock.deadlines.count == 1 })
        store.close()
        #expect(await eventually { clock.deadlines.isEmpty })
    }

    @Test func repaintAndQuitAreLeftToTheTerminal() {
        let (store, _, _) = store(idleLockAfter: 0)
        #expect(store.send(.key(.control("l"))) == [.repaint])
        #expect(store.send(.key(.character("q"))) == [.quit])
    }
}

/// A runner whose search for "s" waits for the test's clock; every search answers with its text.
private struct SlowSearchRunner: WorkstationEffectRunner {
    let clock: ManualClock

    func run(_ effect: WorkstationEffect, send: @escaping @Sendable (WorkstationAction) -> Void) async {
        guard case let .list(.search(search, _)) = effect else { return }
        if search.text == "s" { try? await clock.sleep(for: .seconds(10)) }
        send(.list(.failed(search.text)))
    }
}

@Suite struct OrderedEffectsTests {
    @Test func listSearchesAnswerInTheOrderTheyWereTyped() async {
        let clock = ManualClock()
        let inbox = Inbox()
        let store = WorkstationStore(state: Census.state(), runner: SlowSearchRunner(clock: clock), clock: clock) { inbox.post($0) }
        // Two keystrokes, two queries: the first one's read is slow.
        #expect(store.send(.key(.character("/"))).isEmpty)
        #expect(store.send(.key(.character("s"))).isEmpty)
        #expect(store.send(.key(.character("t"))).isEmpty)
        #expect(await eventually { clock.deadlines.count == 1 })
        #expect(inbox.received.isEmpty, "the second query waits for the first")
        clock.advance(by: .seconds(10))
        #expect(await eventually { inbox.received.count == 2 })
        #expect(inbox.received == [.list(.failed("s")), .list(.failed("st"))])
        store.close()
    }
}

/// A runner whose read of p1's chart waits for the test's clock and then answers anyway, as a
/// read that cannot be interrupted would; every other chart read answers at once.
private struct SlowChartRunner: WorkstationEffectRunner {
    let clock: ManualClock

    func run(_ effect: WorkstationEffect, send: @escaping @Sendable (WorkstationAction) -> Void) async {
        guard case let .chart(patientID, .load(tab, _)) = effect else { return }
        if patientID == "p1" { try? await clock.sleep(for: .seconds(10)) }
        send(.chart(patientID: patientID, .failed(tab, "read")))
    }
}

@Suite struct ChartLoadCancellationTests {
    /// Down then up in the list: p1's read, cancelled by p0's chart opening again, never
    /// answers, even when its read ends later.
    @Test func aChartReadForAPatientLeftBehindIsCancelledAndItsAnswerDropped() async {
        let clock = ManualClock()
        let inbox = Inbox()
        let store = WorkstationStore(state: Census.state(), runner: SlowChartRunner(clock: clock), clock: clock) { inbox.post($0) }
        #expect(store.send(.key(.down)).isEmpty)
        #expect(await eventually { clock.deadlines == [.seconds(10)] }, "p1's read is under way")
        #expect(store.send(.key(.up)).isEmpty)
        #expect(await eventually { clock.deadlines.isEmpty }, "cancelled: it waits no more")
        #expect(await eventually { inbox.received == [.chart(patientID: "p0", .failed(.summary, "read"))] })
        clock.advance(by: .seconds(10))
        for _ in 0..<100 { await Task.yield() }
        #expect(inbox.received == [.chart(patientID: "p0", .failed(.summary, "read"))], "p1's answer never arrives")
        store.close()
    }

    /// A read cancelled before its answer was shown is not a view: nothing is audited.
    @Test func aCancelledChartReadIsNotAuditedAsAView() async {
        let trail = RecordingTrail()
        let runner = UseCaseEffectRunner(WorkstationDependencies(directory: OnePatient(), chart: OnePatient(), audit: trail) { _ in (true, nil) })
        let answer = await withTaskGroup(of: WorkstationAction?.self) { group in
            group.cancelAll()
            group.addTask { await runner.run(.chart(patientID: "p1", .load(.vitals))) }
            return await group.next() ?? nil
        }
        #expect(answer == nil)
        #expect(trail.records.isEmpty)
        #expect(await runner.run(.chart(patientID: "p1", .load(.vitals))) != nil, "not cancelled: shown and audited")
        #expect(trail.records.count == 1)
    }
}
