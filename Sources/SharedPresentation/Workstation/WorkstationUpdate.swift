import CoreDomain
import Foundation

extension WorkstationState {
    /// The one place state changes: apply `action`, return the work the runtime must do.
    /// Pure: no clock, no I/O, so every key in every view is testable without a terminal.
    public mutating func update(_ action: WorkstationAction) -> [WorkstationEffect] {
        let effects = apply(action)
        patients.resultsOpened(by: effects, at: now)
        if let sync = effects.first(where: { $0 == .syncWithServer || $0.syncedPatients != nil }) { results.syncStarted(sync) }
        return effects
    }

    private mutating func apply(_ action: WorkstationAction) -> [WorkstationEffect] {
        switch action {
        case let .key(key):
            // Any key is activity: the idle lock starts again (or stops, if the key locked).
            return handle(key) + idleTimer
        case let .resized(columns, rows):
            self.columns = columns
            self.rows = rows
            let context = chartContext
            chart?.fitScroll(context)
            if isHelpShown { fitHelpScroll() }
            let overlayContext = overlayContext
            overlay?.fit(overlayContext)
            let formContext = chartingContext
            charting?.fit(formContext)
            // Grown back from too small, side by side: the chart of the chosen patient shows again.
            return updateList(.resized) + (chart == nil ? followSelection() : [])
        case let .tick(date):
            now = date
            return []
        case let .list(action):
            return updateList(action)
        case let .overlay(message):
            return updateOverlay { $0.receive(message, in: $1) }
        case let .cache(.damaged(message)):
            notice = .critical(message)
            return []
        case let .cache(.gone(message)):
            // What was read from it stays on no screen: the wipe meant it.
            chart = nil
            overlay = nil
            patients = PatientListState()
            patients.isLoading = false
            focus = .list
            notice = .critical(message)
            return []
        case let .chart(patientID, action):
            guard chart?.patientID == patientID else { return [] }
            switch action {
            case let .loaded(_, warning?), let .failed(_, warning): notice = .warning(warning)
            default: break
            }
            return updateChart(action)
        case .timerFired(.idleLock):
            guard !lock.isLocked else { return [] }
            lockNow()
            return [.lock(.locked)]
        case .timerFired(.nextSync):
            return syncSchedule == nil ? [] : [.syncWithServer]
        case let .lock(action):
            let step = lock.update(action).scoped { WorkstationEffect.lock($0) }
            return step.effects + step.delegates.flatMap { delegate -> [WorkstationEffect] in
                switch delegate {
                case .unlocked:
                    // The cache's lock and the server session are separate: unlocking extends
                    // no session (see `serverCheckAfterUnlock`).
                    let check = serverCheckAfterUnlock
                    // What a sync changed while locked shows now (and not before).
                    guard isRefreshPending else { return idleTimer + check }
                    isRefreshPending = false
                    return refreshAfterDataChange() + idleTimer + check
                }
            }
        case let .serverLogin(.checked(needed)):
            return serverLoginChecked(needed: needed)
        case let .serverLogin(.finished(outcome)):
            return serverLoginFinished(outcome)
        case let .sync(.progress(requests)):
            // Over nothing or its own last line only: a question, a refusal or "saved" stays.
            guard notice == nil || notice?.kind == .syncProgress else { return [] }
            notice = StatusText.syncing(requests: requests)
            return []
        case let .sync(.finished(date)):
            session.mode = .online
            if case .failed = sync { notice = nil }
            if notice?.kind == .syncProgress { notice = nil }
            let (brought, again, patientsOnly) = results.syncEnded(succeeded: true)
            // A sync of named patients leaves the census sync's time and its next one as they were.
            if !patientsOnly { sync = .synced(date) }
            // Newer than what the status line says, unless it asks something (quit, a form's discard).
            if !brought.isEmpty, charting == nil, notice?.kind != .quitQuestion { notice = StatusText.newResults(brought) }
            // A count is no patient data: the header may show it even while locked.
            return refreshAfterSync() + [.checkOutbox] + (patientsOnly ? [] : nextSync(after: syncSchedule?.succeeded()))
                + (again ? [results.waitingSync] : [])
        case let .sync(.failed(message, offline, cacheChanged, asked)):
            if offline { session.mode = .offline }
            // Retries that fail the same way do not bring back a status line the user moved on from.
            if sync != .failed(message) || notice?.kind == .syncProgress { notice = StatusText.syncFailed(message) }
            sync = .failed(message)
            _ = results.syncEnded(succeeded: false)
            // A drain may have stopped part way, or the server refused an entry: count again,
            // and show what did land (sent marks gone, refusals, a census stored).
            return (cacheChanged ? refreshAfterSync() : []) + [.checkOutbox] + nextSync(after: syncSchedule?.failed(serverAskedToWait: asked))
        case let .listener(.changed(patients)):
            return results.named(patients) && syncSchedule != nil ? [results.waitingSync] : []
        case .listener(.fullSyncAsked):
            return results.fullSyncAsked() && syncSchedule != nil ? [.syncWithServer] : []
        case let .charting(patientID, .saved(outbox)):
            return chartingSaved(patientID: patientID, outbox: outbox)
        case let .charting(patientID, answer):
            return answerSave(patientID: patientID, answer)
        case let .outbox(.changed(outbox)):
            self.outbox = outbox
            // "pending until the server has it" would go on saying so after the server has it.
            if notice?.kind == .savedPending, outbox.unsent == 0 { notice = StatusText.allOnServer }
            return []
        case let .outbox(.unreadable(message)):
            notice = StatusText.outboxUncounted(message)
            return []
        }
    }

    /// The initial work: the first page of the census, what waits in the outbox, the cache
    /// file's structure check, the idle lock, (with a server) the first sync, and (with a
    /// listener) reading its socket.
    public func start() -> [WorkstationEffect] {
        [.list(.search(currentSearch)), .checkOutbox, .checkCacheStructure] + idleTimer + (syncSchedule == nil ? [] : [.syncWithServer])
            + (results.isFollowing ? [.followResults] : [])
    }

    /// The idle lock restarted from now; stopped while locked; nothing when it is turned off.
    var idleTimer: [WorkstationEffect] {
        guard idleLockAfter > 0 else { return [] }
        return lock.isLocked ? [.cancel(.timer(.idleLock))] : [.schedule(.idleLock, after: idleLockAfter)]
    }

    private func nextSync(after pause: TimeInterval?) -> [WorkstationEffect] {
        pause.map { [.schedule(.nextSync, after: $0)] } ?? []
    }

    /// A key goes to the screen that shows (`Screen`), and only when its bindings list it.
    private mutating func handle(_ key: InputKey) -> [WorkstationEffect] {
        let screen = screen
        // The quit question takes any key as its answer; otherwise only keys that help lists.
        guard isQuitConfirmPending || KeyHelp.bindings(for: self).contains(where: { $0.matches(key) }) else { return [] }
        if screen == .locked { return lock.update(.key(key)).effects.map { .lock($0) } }
        if key == .control("l") { return [.repaint] }
        if isQuitConfirmPending {
            notice = nil
            return key == .character("q") || key == .character("y") ? [.quit] : []
        }
        switch screen {
        case .tooSmall:
            return key == .character("q") ? requestQuit() : []
        case .locked:
            return []
        case .help:
            if [.escape, .character("?"), .character("q"), .enter].contains(key) { isHelpShown = false }
            // Taller than a small screen: it scrolls, within its lines.
            if isHelpShown, let move = ScrollMove(key) { scrollHelp(move) }
            return []
        case .charting:
            // A charting screen takes every key: `q`, `?` and letters are typed into its fields.
            return handleCharting(key)
        case .overlay where !KeyHelp.overlayCommon.contains(where: { $0.matches(key) }):
            return updateOverlay { $0.press(key, in: $1) }
        case .search:
            return updateList(.key(key))
        case .overlay, .chartTooShort, .list, .chart:
            return handleCommon(key)
        }
    }

    /// The keys every screen but the lock, help and the forms shares, then the list's or the chart's.
    private mutating func handleCommon(_ key: InputKey) -> [WorkstationEffect] {
        switch key {
        case .character("?"):
            isHelpShown = true
            helpScroll = 0
            return []
        case .character("q"):
            return requestQuit()
        case .character("L"):
            lockNow()
            return [.lock(.locked)]
        default:
            if let kind = overlayOpened(by: key) { return openOverlay(kind) }
            return focus == .list ? updateList(.key(key)) : handleChart(key)
        }
    }

    /// Quits at once unless something would be lost or left behind: an open charting screen
    /// (reachable only from a too-small screen, where `q` is not typed into it), or entries the
    /// server does not have yet. Then it asks first, naming what.
    private mutating func requestQuit() -> [WorkstationEffect] {
        var unfinished: [String] = []
        // One line that fits 80 columns whole, as the status line must.
        if charting != nil { unfinished.append("form not saved") }
        if unsyncedCount > 0 { unfinished.append("\(unsyncedCount) unsent \(unsyncedCount == 1 ? "entry" : "entries")") }
        guard !unfinished.isEmpty else { return [.quit] }
        notice = StatusText.quitQuestion(unfinished)
        return []
    }

    mutating func lockNow() {
        lock = .locked
        isHelpShown = false
    }

    /// After a sync changed the cache. Nothing is shown while locked, so nothing is reloaded
    /// (or audited as viewed) until unlock.
    private mutating func refreshAfterSync() -> [WorkstationEffect] {
        guard !lock.isLocked else {
            isRefreshPending = true
            return []
        }
        return refreshAfterDataChange(announcingRises: true)
    }

    /// After the cache changed underneath: the list window reloads (keeping the selection) and
    /// the open chart reloads its loaded tabs in place, on the same patient and tab.
    mutating func refreshAfterDataChange(announcingRises: Bool = false) -> [WorkstationEffect] {
        // A dose a colleague recorded must not go on reading `due` on the ward's list.
        let list = updateList(.reload(announcingRises: announcingRises))
            + (overlay?.refresh(session) ?? [])
        guard let chart else { return list }
        let tabs = chartTabs.filter { chart.isRequested($0) }
        return list + tabs.map { .chart(patientID: chart.patientID, .load($0, isRefresh: true)) }
    }
}
