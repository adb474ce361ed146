import Foundation
import Testing
@testable import SharedPresentation

/// Logging in again inside the running workstation: the unlock checks the stored server
/// session, and only one that can no longer be used hands the terminal to the login.
@Suite struct ServerLoginTests {
    /// Online with `login = user`, locked with `L`.
    private func lockedUserLogin(logsUserIn: Bool = true) -> TestStore {
        var state = Census.state()
        state.session.hasServer = true
        state.session.logsUserIn = logsUserIn
        state.session.mode = .online
        state.idleLockAfter = 900
        state.syncSchedule = SyncSchedule(interval: 300)
        var store = TestStore(state)
        store.press(.character("L"), effects: [.lock(.locked), .cancel(.timer(.idleLock))]) { $0.lock = LockState.locked }
        return store
    }

    @Test func anUnlockChecksTheStoredSessionBeforeAnySync() {
        var store = lockedUserLogin()
        store.send(.lock(.unlockResult(succeeded: true, message: nil)), effects: [.schedule(.idleLock, after: 900), .checkServerLogin]) {
            $0.lock = LockState()
        }
    }

    @Test func aUsableSessionSyncsAtOnceWithoutALogin() {
        var store = lockedUserLogin()
        store.send(.lock(.unlockResult(succeeded: true, message: nil)), effects: [.schedule(.idleLock, after: 900), .checkServerLogin]) {
            $0.lock = LockState()
        }
        store.send(.serverLogin(.checked(needed: false)), effects: [.syncWithServer])
    }

    /// The session ended: the terminal goes to the login, then the sync sends what was
    /// charted meanwhile, and the header names the clinician as the server does.
    @Test func anEndedSessionLogsInOnTheTerminalThenSyncs() {
        var store = lockedUserLogin()
        store.send(.sync(.failed("server login ended", offline: true)), effects: [.checkOutbox, .schedule(.nextSync, after: 5)]) {
            $0.session.mode = .offline
            $0.notice = StatusText.syncFailed("server login ended")
            $0.sync = .failed("server login ended")
            _ = $0.syncSchedule?.failed(serverAskedToWait: nil)
        }
        store.send(.lock(.unlockResult(succeeded: true, message: nil)), effects: [.schedule(.idleLock, after: 900), .checkServerLogin]) {
            $0.lock = LockState()
        }
        store.send(.serverLogin(.checked(needed: true)), effects: [.releaseTerminal(.serverLogin)])
        store.send(.serverLogin(.finished(.loggedIn(clinicianName: "Ada Adams"))), effects: [.schedule(.idleLock, after: 900), .syncWithServer]) {
            $0.session.clinicianName = "Ada Adams"
            $0.notice = StatusText.loggedInAgain
        }
    }

    /// Refused or Ctrl-C: one line, offline on the cache, and the next unlock asks again.
    @Test func aFailedLoginStaysOfflineAndTheNextUnlockAsksAgain() {
        var store = lockedUserLogin()
        store.send(.lock(.unlockResult(succeeded: true, message: nil)), effects: [.schedule(.idleLock, after: 900), .checkServerLogin]) {
            $0.lock = LockState()
        }
        store.send(.serverLogin(.checked(needed: true)), effects: [.releaseTerminal(.serverLogin)])
        store.send(.serverLogin(.finished(.failed("login cancelled"))), effects: [.schedule(.idleLock, after: 900)]) {
            $0.session.mode = .offline
            $0.notice = StatusText.loginFailed("login cancelled")
        }
        store.press(.character("L"), effects: [.lock(.locked), .cancel(.timer(.idleLock))]) { $0.lock = LockState.locked }
        store.send(.lock(.unlockResult(succeeded: true, message: nil)), effects: [.schedule(.idleLock, after: 900), .checkServerLogin]) {
            $0.lock = LockState()
        }
    }

    /// Locked again before the check answered: no login behind the lock screen.
    @Test func aCheckThatAnswersWhileLockedStartsNothing() {
        var store = lockedUserLogin()
        store.send(.serverLogin(.checked(needed: true)))
        store.send(.serverLogin(.checked(needed: false)))
    }

    /// A ward client (Backend Services) or no `login = user`: the unlock syncs at once, which
    /// renews the client's token; no user login is ever asked for.
    @Test func withoutUserLoginTheUnlockSyncsAtOnce() {
        var store = lockedUserLogin(logsUserIn: false)
        store.send(.lock(.unlockResult(succeeded: true, message: nil)), effects: [.schedule(.idleLock, after: 900), .syncWithServer]) {
            $0.lock = LockState()
        }
    }

    /// The demo and a cache without a server have no session to check.
    @Test func withoutAServerTheUnlockChecksNothing() {
        var state = Census.state()
        state.idleLockAfter = 900
        var store = TestStore(state)
        store.press(.character("L"), effects: [.lock(.locked), .cancel(.timer(.idleLock))]) { $0.lock = LockState.locked }
        store.send(.lock(.unlockResult(succeeded: true, message: nil)), effects: [.schedule(.idleLock, after: 900)]) { $0.lock = LockState() }
    }

    /// The runner answers the check from the stored session (here, what the closure reads),
    /// whatever the last sync said.
    @Test(arguments: [true, false]) func theRunnerAnswersTheCheckFromTheStoredSession(_ needed: Bool) async {
        let runner = UseCaseEffectRunner(WorkstationDependencies(
            directory: OnePatient(), chart: OnePatient(), audit: RecordingTrail(), serverLoginNeeded: { needed }, verifyUnlock: { _ in (true, nil) }))
        #expect(await runner.run(.checkServerLogin) == .serverLogin(.checked(needed: needed)))
        #expect(await runner.run(.releaseTerminal(.serverLogin)) == nil, "the terminal's, not the runner's")
    }
}
