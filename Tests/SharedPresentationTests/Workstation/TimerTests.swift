import Foundation
import Testing
@testable import SharedPresentation

/// The timers the state owns: the idle lock and the next sync, as effects the update returns.
@Suite struct TimerTests {
    private func idleState() -> WorkstationState {
        var state = Census.state()
        state.idleLockAfter = 900
        return state
    }

    @Test func everyKeyRestartsTheIdleLock() {
        var state = idleState()
        #expect(state.update(.key(.down)) == Census.opened("p1") + [.schedule(.idleLock, after: 900)])
        #expect(state.update(.key(.character("?"))) == [.schedule(.idleLock, after: 900)])
    }

    @Test func lockingStopsTheIdleLockAndUnlockingStartsIt() {
        var state = idleState()
        #expect(state.update(.key(.character("L"))) == [.lock(.locked), .cancel(.timer(.idleLock))])
        #expect(state.update(.lock(.unlockResult(succeeded: true, message: nil))) == [.schedule(.idleLock, after: 900)])
    }

    @Test func theIdleTimerLocksOnce() {
        var state = idleState()
        #expect(state.update(.timerFired(.idleLock)) == [.lock(.locked)])
        #expect(state.lock.isLocked)
        #expect(state.update(.timerFired(.idleLock)) == [], "already locked: no second lock entry")
    }

    @Test func noIdleLockWhenItIsOff() {
        var state = Census.state()
        #expect(state.update(.key(.character("?"))) == [])
        #expect(state.start() == [.list(.search(state.currentSearch)), .checkOutbox, .checkCacheStructure], "no timer")
    }

    @Test func startChecksTheCacheAndStartsTheIdleLockAndTheFirstSync() {
        var state = idleState()
        state.syncSchedule = SyncSchedule(interval: 300)
        #expect(state.start() == [
            .list(.search(state.currentSearch)), .checkOutbox, .checkCacheStructure, .schedule(.idleLock, after: 900), .syncWithServer,
        ])
    }

    /// The idle lock and the server session are separate: an unlock checks the session with a
    /// sync at once (a session that ended while locked is said then); offline, nothing is sent.
    @Test func anUnlockChecksTheServerSessionAtOnce() {
        var state = idleState()
        state.syncSchedule = SyncSchedule(interval: 300)
        #expect(state.update(.timerFired(.idleLock)) == [.lock(.locked)])
        #expect(state.update(.lock(.unlockResult(succeeded: true, message: nil))) == [.schedule(.idleLock, after: 900), .syncWithServer])
        var offline = idleState()
        #expect(offline.update(.timerFired(.idleLock)) == [.lock(.locked)])
        #expect(offline.update(.lock(.unlockResult(succeeded: true, message: nil))) == [.schedule(.idleLock, after: 900)])
    }

    @Test func aSyncThatWorkedIsFollowedAfterTheInterval() {
        var state = Census.state()
        state.syncSchedule = SyncSchedule(interval: 300)
        let effects = state.update(.sync(.finished(at: Census.now)))
        #expect(effects == Census.syncRefresh(chart: "p0") + [.schedule(.nextSync, after: 300)])
        #expect(state.update(.timerFired(.nextSync)) == [.syncWithServer])
    }

    @Test func failedSyncsBackOffUpToTheLimitAndAWorkingOneResets() {
        var state = Census.state()
        state.syncSchedule = SyncSchedule(interval: 300)
        let pauses = (0..<8).map { _ in state.update(.sync(.failed("down", offline: true))).last }
        #expect(pauses == [5, 10, 20, 40, 80, 160, 180, 180].map { .schedule(.nextSync, after: $0) })
        #expect(state.update(.sync(.finished(at: Census.now))) == Census.syncRefresh(chart: "p0") + [.schedule(.nextSync, after: 300)])
        #expect(state.update(.sync(.failed("down", offline: true))) == [.checkOutbox, .schedule(.nextSync, after: 5)])
    }

    @Test func theBackOffIsNeverLongerThanTheInterval() {
        var state = Census.state()
        state.syncSchedule = SyncSchedule(interval: 60)
        let pauses = (0..<6).map { _ in state.update(.sync(.failed("down", offline: true))).last }
        #expect(pauses == [5, 10, 20, 40, 60, 60].map { .schedule(.nextSync, after: $0) })
    }

    /// A busy server that asked to wait is not asked again sooner (the 5 s back-off would hammer
    /// it), nor later than the interval.
    @Test func aThrottledSyncIsTriedAgainWhenTheServerAskedWithinTheInterval() {
        var state = Census.state()
        state.syncSchedule = SyncSchedule(interval: 300)
        #expect(state.update(.sync(.failed("busy", offline: false, serverAskedToWait: 30))) == [.checkOutbox, .schedule(.nextSync, after: 30)])
        #expect(state.update(.sync(.failed("busy", offline: false, serverAskedToWait: 3_600))) == [.checkOutbox, .schedule(.nextSync, after: 300)])
        #expect(state.update(.sync(.failed("busy", offline: false, serverAskedToWait: 1))).last == .schedule(.nextSync, after: 20),
                "never sooner than the back-off")
    }

    @Test func withoutAServerNoSyncIsScheduled() {
        var state = Census.state()
        #expect(state.update(.sync(.finished(at: Census.now))) == Census.syncRefresh(chart: "p0"), "no next sync")
        #expect(state.update(.timerFired(.nextSync)) == [])
    }
}
