import CoreDomain

/// The workstation's side of the patient list: what the list is told of the screen, and what
/// its news means here. Side by side, the chart pane follows the highlighted patient.
extension WorkstationState {
    var listContext: PatientListContext {
        PatientListContext(visibleRows: listVisibleRows, ward: session.wardFilter, serverUnavailable: serverSearchUnavailable,
                           isLocked: lock.isLocked)
    }

    /// The search the list currently shows.
    var currentSearch: PatientSearch { patients.currentSearch(listContext) }

    /// Why the server cannot be searched now (shown on the section's title row), nil when it can.
    public var serverSearchUnavailable: String? {
        switch session.mode {
        case .online: nil
        case .demo: "no server in the demo"
        case .offline where !session.hasServer: "no server set"
        case .offline: sync == nil ? "server: connecting…" : "server not reachable"
        }
    }

    /// Hands `action` to the list and carries out what it tells.
    mutating func updateList(_ action: PatientListAction) -> [WorkstationEffect] {
        let step = patients.update(action, in: listContext).scoped { WorkstationEffect.list($0) }
        // The open chart's banner follows its row (a sync may have taken the patient off the census).
        if case .loaded = action, let id = chart?.patientID, let row = patients.window.first(where: { $0.id == id }) {
            chart?.listEntry = row
        }
        // What the news asks for runs first: a chart it opens is read before the list reloads.
        let told = step.delegates.flatMap { delegate -> [WorkstationEffect] in
            switch delegate {
            case let .say(said):
                notice = said
                return []
            case .selectionChanged:
                return followSelection()
            case let .open(entry), let .openFetched(entry):
                focus = .chart
                return open(entry)
            case let .chartTabKey(key):
                return updateChart(.key(key))
            case .addVitals:
                // Side by side, the chart pane shows the selected patient: `a` charts for them.
                guard case .split = layout, chart?.patientID == patients.selectedEntry?.id else { return [] }
                return openChartingForm(.addVitals)
            case .refreshAtUnlock:
                isRefreshPending = true
                return []
            }
        }
        return told + step.effects
    }

    /// In split view the chart pane shows whichever patient is selected.
    mutating func followSelection() -> [WorkstationEffect] {
        guard let entry = patients.selectedEntry else {
            // No chart beside a row that is not a cached patient: no match, or the cursor moved
            // into the server's section (a chart just fetched from there stays open).
            if patients.total == 0 || (patients.selectedServerRow != nil && focus == .list) { chart = nil }
            return []
        }
        // A screen too small to show a chart shows none: nothing is read, or audited as viewed.
        switch layout {
        // A chart the user is reading (opened from the list, the due list, or the server) is
        // never swapped for the list's highlighted row by a reload.
        case .split: return focus == .chart && chart != nil ? [] : open(entry)
        case .single: return focus == .chart ? open(entry) : []
        case .tooSmall: return []
        }
    }

    /// Opens `entry`'s chart on its current tab (keeping the tab when switching patients).
    /// Reads still running for the chart it replaces are cancelled: their answers would be
    /// dropped here anyway, and a read cancelled in time is not audited as a view.
    mutating func open(_ entry: PatientListEntry) -> [WorkstationEffect] {
        if chart?.patientID == entry.id { return [] }
        let tab = chart?.tab ?? .summary
        let replaced: [WorkstationEffect] = chart == nil ? [] : [.cancel(.chartLoads)]
        var newChart = ChartState(listEntry: entry)
        newChart.tab = tab
        chart = newChart
        var effects: [WorkstationEffect] = replaced + [.chart(patientID: entry.id, .load(.summary))]
        if tab != .summary {
            chart?.markLoading(tab)
            effects.append(.chart(patientID: entry.id, .load(tab)))
        }
        return effects
    }
}
