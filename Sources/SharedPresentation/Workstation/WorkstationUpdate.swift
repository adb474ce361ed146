import CoreDomain
import Foundation

extension WorkstationState {
    /// The one place state changes: apply `action`, return the work the runtime must do.
    /// Pure: no clock, no I/O, so every key in every view is testable without a terminal.
    public mutating func update(_ action: WorkstationAction) -> [WorkstationEffect] {
        switch action {
        case let .key(key):
            // Any key is activity: the idle lock starts again (or stops, if the key locked).
            return handle(key) + idleTimer
        case let .resized(columns, rows):
            self.columns = columns
            self.rows = rows
            patients.keepSelectionVisible(visibleRows: listVisibleRows)
            let context = chartContext
            chart?.fitScroll(context)
            if isHelpShown { fitHelpScroll() }
            return loadWindowIfNeeded()
        case let .tick(date):
            now = date
            return []
        case let .patientsLoaded(search, page):
            return receive(page, for: search)
        case let .patientsFailed(message):
            patients.isLoading = false
            status = message
            return []
        case let .cacheDamaged(message):
            status = message
            return []
        case let .cacheGone(message):
            // What was read from it stays on no screen: the wipe meant it.
            chart = nil
            patients = PatientListState()
            patients.isLoading = false
            focus = .list
            status = message
            return []
        case let .chartLoaded(patientID, content, warning):
            guard chart?.patientID == patientID else { return [] }
            let effects = updateChart(.loaded(content))
            if let warning {
                status = warning
                chart?.isIncomplete = true
            }
            return effects
        case let .chartFailed(patientID, tab, message):
            guard chart?.patientID == patientID else { return [] }
            status = message
            return updateChart(.failed(tab, message))
        case .timerFired(.idleLock):
            guard !lock.isLocked else { return [] }
            lockNow()
            return [.screenLocked]
        case .timerFired(.nextSync):
            return syncSchedule == nil ? [] : [.syncWithServer]
        case let .unlockResult(succeeded, message):
            let step = lock.update(.unlockResult(succeeded: succeeded, message: message))
            return step.effects + step.delegates.flatMap { delegate -> [WorkstationEffect] in
                switch delegate {
                case .unlocked:
                    // What a sync changed while locked shows now (and not before).
                    guard isRefreshPending else { return idleTimer }
                    isRefreshPending = false
                    return refreshAfterDataChange() + idleTimer
                }
            }
        case let .syncFinished(date):
            session.mode = .online
            if case .failed = sync { status = nil }
            sync = .synced(date)
            // A count is no patient data: the header may show it even while locked.
            return refreshAfterSync() + [.checkOutbox] + nextSync(after: syncSchedule?.succeeded())
        case let .syncFailed(message, offline, cacheChanged):
            if offline { session.mode = .offline }
            // Retries that fail the same way do not bring back a status line the user moved on from.
            if sync != .failed(message) { status = StatusText.syncFailed(message) }
            sync = .failed(message)
            // A drain may have stopped part way, or the server refused an entry: count again,
            // and show what did land (sent marks gone, refusals, a census stored).
            return (cacheChanged ? refreshAfterSync() : []) + [.checkOutbox] + nextSync(after: syncSchedule?.failed())
        case let .chartingSaved(patientID, outbox, warning):
            return chartingSaved(patientID: patientID, outbox: outbox, warning: warning)
        case let .chartingFailed(patientID, message):
            return chartingFailed(patientID: patientID, message: message)
        case let .outboxChanged(outbox):
            self.outbox = outbox
            // "pending until the server has it" would go on saying so after the server has it.
            if notice?.kind == .savedPending, outbox.unsent == 0 { status = StatusText.allOnServer }
            return []
        case let .outboxUnreadable(message):
            status = StatusText.outboxUncounted(message)
            return []
        case let .serverPatientsFound(text, matches):
            serverSearchAnswered(text: text, .found(matches))
            return []
        case let .serverSearchFailed(text, message):
            serverSearchAnswered(text: text, .failed(message))
            return []
        case let .serverPatientFetched(patient):
            return serverPatientFetched(patient)
        case let .serverPatientFetchFailed(patientID, message):
            serverPatientFetchFailed(patientID: patientID, message: message)
            return []
        }
    }

    /// The initial work: the first page of the census, what waits in the outbox, the cache
    /// file's structure check, the idle lock, and (with a server) the first sync.
    public func start() -> [WorkstationEffect] {
        [.searchPatients(currentSearch), .checkOutbox, .checkCacheStructure] + idleTimer + (syncSchedule == nil ? [] : [.syncWithServer])
    }

    /// The idle lock restarted from now; stopped while locked; nothing when it is turned off.
    private var idleTimer: [WorkstationEffect] {
        guard idleLockAfter > 0 else { return [] }
        return lock.isLocked ? [.cancel(.idleLock)] : [.schedule(.idleLock, after: idleLockAfter)]
    }

    private func nextSync(after pause: TimeInterval?) -> [WorkstationEffect] {
        pause.map { [.schedule(.nextSync, after: $0)] } ?? []
    }

    private mutating func handle(_ key: InputKey) -> [WorkstationEffect] {
        // The quit question takes any key as its answer; otherwise only keys that help lists.
        guard isQuitConfirmPending || KeyHelp.bindings(for: self).contains(where: { $0.matches(key) }) else { return [] }
        if lock.isLocked { return lock.update(.key(key)).effects }
        if key == .control("l") { return [.repaint] }
        if isQuitConfirmPending {
            notice = nil
            return key == .character("q") || key == .character("y") ? [.quit] : []
        }
        if isHelpShown {
            if [.escape, .character("?"), .character("q"), .enter].contains(key) { isHelpShown = false }
            // Taller than a small screen: it scrolls, within its lines.
            if let move = Self.selectionMove(key, page: helpBodyRows) {
                helpScroll = min(helpScroll, Int.max / 2) + move
                fitHelpScroll()
            }
            return []
        }
        if layout == .tooSmall { return key == .character("q") ? requestQuit() : [] }
        // A charting screen takes every key: `q`, `?` and letters are typed into its fields.
        if charting != nil { return handleCharting(key) }
        if patients.search.isEditing { return handleSearch(key) }
        switch key {
        case .character("?"):
            isHelpShown = true
            helpScroll = 0
            return []
        case .character("q"):
            return requestQuit()
        case .character("L"):
            lockNow()
            return [.screenLocked]
        default:
            return focus == .list ? handleList(key) : handleChart(key)
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
        notice = Notice(StatusText.quitQuestion(unfinished), kind: .quitQuestion)
        return []
    }

    mutating func lockNow() {
        lock = .locked
        isHelpShown = false
    }

    private mutating func receive(_ page: PatientPage, for search: PatientSearch) -> [WorkstationEffect] {
        // A slow answer to an older search must not replace the current one.
        guard search.text == patients.search.text, search.ward == session.wardFilter else { return [] }
        let previousID = patients.selectedEntry?.id
        // A new query (`searchAgain` marks it loading) starts at its top; a reload of the same
        // one (a sync's refresh) keeps the selected patient, not the row: an admission sorted
        // above must not slide another patient under the selection, and their chart into view.
        let isNewQuery = patients.isLoading
        let serverRow = patients.selectedServerRow
        // A sync's reload says who entered the medium or high band (a round charted here was
        // just seen on its confirm step, and its "saved" notice stays).
        if patients.isSyncReload, !isNewQuery, search.offset == patients.windowOffset,
           let rise = NEWS2Rise.notice(from: patients.window, to: page.entries) {
            status = rise
        }
        patients.isSyncReload = false
        patients.isLoading = false
        patients.total = page.total
        patients.windowOffset = search.offset
        patients.window = page.entries
        // The open chart's banner follows its row (a sync may have taken the patient off the census).
        if let id = chart?.patientID, let row = page.entries.first(where: { $0.id == id }) { chart?.listEntry = row }
        let arrival = patients.selectOnArrival
        patients.selectOnArrival = nil
        let arrived = arrival.flatMap { arrival in page.entries.firstIndex { $0.id == arrival.patientID } }
        if let arrived {
            patients.select(search.offset + arrived, visibleRows: listVisibleRows)
        } else if arrival?.isFetched == true {
            // A chart fetched from the server is open: its row is not in this page, so leave the chart be.
            return []
        } else if arrival != nil {
            patients.select(0, visibleRows: listVisibleRows)
        } else if let serverRow {
            patients.select(page.total + serverRow, visibleRows: listVisibleRows)
        } else if !isNewQuery, let previousID, let moved = page.entries.firstIndex(where: { $0.id == previousID }) {
            patients.select(search.offset + moved, visibleRows: listVisibleRows)
        } else if search.offset == 0, previousID == nil || patients.selected >= page.total {
            patients.select(0, visibleRows: listVisibleRows)
        }
        return followSelection()
    }

    /// After a sync changed the cache. Nothing is shown while locked, so nothing is reloaded
    /// (or audited as viewed) until unlock.
    private mutating func refreshAfterSync() -> [WorkstationEffect] {
        guard !lock.isLocked else {
            isRefreshPending = true
            return []
        }
        patients.isSyncReload = true
        return refreshAfterDataChange()
    }

    /// After the cache changed underneath: the list window reloads (keeping the selection) and
    /// the open chart reloads its loaded tabs in place, on the same patient and tab.
    func refreshAfterDataChange() -> [WorkstationEffect] {
        guard let chart else { return [refreshListEffect] }
        let tabs = ChartTab.allCases.filter { chart.isRequested($0) }
        return [refreshListEffect] + tabs.map { .loadChart(patientID: chart.patientID, $0, isRefresh: true) }
    }

    /// The loaded list window again, keeping its place.
    var refreshListEffect: WorkstationEffect {
        var search = currentSearch
        search.offset = patients.windowOffset
        return .searchPatients(search, isRefresh: true)
    }

    /// Loads more of the list when the selection or scroll left the loaded window.
    func loadWindowIfNeeded() -> [WorkstationEffect] {
        guard let offset = patients.windowNeeded(visibleRows: listVisibleRows) else { return [] }
        var search = currentSearch
        search.offset = offset
        return [.searchPatients(search)]
    }

    /// In split view the chart pane shows whichever patient is selected.
    mutating func followSelection() -> [WorkstationEffect] {
        guard let entry = patients.selectedEntry else {
            // No chart beside a row that is not a cached patient: no match, or the cursor moved
            // into the server's section (a chart just fetched from there stays open).
            if patients.total == 0 || (patients.selectedServerRow != nil && focus == .list) { chart = nil }
            return loadWindowIfNeeded()
        }
        guard layout != .single || focus == .chart else { return [] }
        return open(entry)
    }

    /// Opens `entry`'s chart on its current tab (keeping the tab when switching patients).
    mutating func open(_ entry: PatientListEntry) -> [WorkstationEffect] {
        if chart?.patientID == entry.id { return [] }
        let tab = chart?.tab ?? .summary
        var newChart = ChartState(listEntry: entry)
        newChart.tab = tab
        chart = newChart
        var effects: [WorkstationEffect] = [.loadChart(patientID: entry.id, .summary)]
        if tab != .summary {
            chart?.markLoading(tab)
            effects.append(.loadChart(patientID: entry.id, tab))
        }
        return effects
    }
}
