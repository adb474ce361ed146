/// Logging the user in again inside the running workstation (`login = user`). The idle lock and
/// the server session are separate: unlocking the cache never extends the session. After the
/// passphrase, the stored session is checked; only one the server can no longer honour hands
/// the terminal to the login (as `emr login` runs it), and a sync follows the login at once,
/// so what was charted meanwhile goes up. A login that does not work leaves the workstation
/// offline on the cache, nothing lost, and the next unlock asks again.
extension WorkstationState {
    /// What follows an accepted passphrase with a server: with a user login, the check of its
    /// stored session (the sync waits for it); otherwise a sync at once, which renews a ward
    /// client's token or says the server is gone.
    var serverCheckAfterUnlock: [WorkstationEffect] {
        guard syncSchedule != nil else { return [] }
        return session.logsUserIn ? [.checkServerLogin] : [.syncWithServer]
    }

    mutating func serverLoginChecked(needed: Bool) -> [WorkstationEffect] {
        // Locked again before the answer: nothing is started behind the lock screen; the next
        // unlock checks again.
        guard !lock.isLocked else { return [] }
        return needed ? [.releaseTerminal(.serverLogin)] : [.syncWithServer]
    }

    mutating func serverLoginFinished(_ outcome: ServerLoginOutcome) -> [WorkstationEffect] {
        switch outcome {
        case let .loggedIn(clinicianName):
            if let clinicianName { session.clinicianName = clinicianName }
            notice = StatusText.loggedInAgain
            // The time at the login was no idle time.
            return idleTimer + [.syncWithServer]
        case let .failed(message):
            session.mode = .offline
            notice = StatusText.loginFailed(message)
            return idleTimer
        }
    }
}
