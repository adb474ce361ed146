import CoreDomain

/// Key handling per view. Every binding here is listed in `KeyHelp` for the `?` screen.
extension WorkstationState {
    mutating func handleList(_ key: InputKey) -> [WorkstationEffect] {
        let page = listVisibleRows
        switch key {
        case .up, .character("k"): patients.move(by: -1, visibleRows: page)
        case .down, .character("j"): patients.move(by: 1, visibleRows: page)
        case .pageUp: patients.move(by: -page, visibleRows: page)
        case .pageDown: patients.move(by: page, visibleRows: page)
        case .home, .character("g"): patients.select(0, visibleRows: page)
        case .end, .character("G"): patients.select(patients.total - 1, visibleRows: page)
        case .enter, .right, .character("l"):
            if let row = patients.selectedServerRow { return key == .enter ? activateServerRow(row) : [] }
            guard let entry = patients.selectedEntry else { return [] }
            focus = .chart
            return open(entry)
        case .character("/"):
            patients.search.isEditing = true
            return []
        case .escape:
            return clearSearch()
        case .tab, .backTab, .character("1"), .character("2"), .character("3"), .character("4"):
            return switchTab(key)
        case .character("a"):
            // Side by side, the chart pane shows the selected patient: `a` charts for them.
            guard case .split = layout, chart?.patientID == patients.selectedEntry?.id else { return [] }
            return openVitalsForm()
        default:
            return []
        }
        return followSelection()
    }

    mutating func handleSearch(_ key: InputKey) -> [WorkstationEffect] {
        switch key {
        case .escape:
            return clearSearch()
        case .enter:
            patients.search.isEditing = false
            guard let row = patients.selectedServerRow else { return [] }
            return activateServerRow(row)
        case .up, .down, .pageUp, .pageDown:
            return handleList(key)
        case .backspace, .delete:
            guard !patients.search.text.isEmpty else { return [] }
            patients.search.text.removeLast()
        case let .character(character) where !character.isNewline:
            patients.search.text.append(character)
        default:
            return []
        }
        return searchAgain()
    }

    private mutating func clearSearch() -> [WorkstationEffect] {
        patients.search = SearchField()
        return searchAgain()
    }

    private mutating func searchAgain() -> [WorkstationEffect] {
        patients.server = ServerSearchState(for: patients.search.text)
        patients.isLoading = true
        patients.selected = 0
        patients.top = 0
        return [.searchPatients(currentSearch)]
    }

    mutating func handleChart(_ key: InputKey) -> [WorkstationEffect] {
        guard var current = chart else {
            focus = .list
            return []
        }
        let page = chartBodyRows
        let isEncounterList = current.tab == .encounters && !current.isEncounterDetailOpen
        let encounterCount = current.encounters?.value?.count ?? 0
        let roundCount = current.tab == .vitals ? current.vitals?.value.map { VitalsRound.rounds($0).count } ?? 0 : 0
        let move = Self.selectionMove(key, page: page)
        switch key {
        case _ where roundCount > 0 && move != nil:
            current.selectedRound = min(max(0, current.selectedRound + (move ?? 0)), roundCount - 1)
        case _ where isEncounterList && move != nil:
            current.selectedEncounter = min(max(0, current.selectedEncounter + (move ?? 0)), max(0, encounterCount - 1))
        case _ where move != nil:
            // Fitted below to what the tab shows: never past its last screenful.
            current.scroll[current.tab] = min(max(0, current.scroll[current.tab] ?? 0), Int.max / 2) + (move ?? 0)
        case .escape, .left, .character("h"):
            if current.isEncounterDetailOpen {
                current.isEncounterDetailOpen = false
            } else {
                focus = .list
            }
        case .enter:
            if isEncounterList, encounterCount > 0 { current.isEncounterDetailOpen = true }
        case .tab, .backTab, .character("1"), .character("2"), .character("3"), .character("4"):
            return switchTab(key)
        case .character("a"):
            return openVitalsForm()
        case .character("x"):
            return openCorrection()
        default:
            return []
        }
        chart = current
        fitChartScroll()
        return []
    }

    /// How far a key moves a highlighted row or a scroll offset: one, a page, or (fitted
    /// later) to either end; nil for a key that does neither.
    static func selectionMove(_ key: InputKey, page: Int) -> Int? {
        switch key {
        case .up, .character("k"): -1
        case .down, .character("j"): 1
        case .pageUp: -page
        case .pageDown: page
        case .home, .character("g"): -Int.max / 2
        case .end, .character("G"): Int.max / 2
        default: nil
        }
    }

    mutating func switchTab(_ key: InputKey) -> [WorkstationEffect] {
        guard var current = chart else { return [] }
        let tabs = ChartTab.allCases
        let next: ChartTab
        switch key {
        case .tab: next = tabs[(current.tab.rawValue + 1) % tabs.count]
        case .backTab: next = tabs[(current.tab.rawValue + tabs.count - 1) % tabs.count]
        case let .character(digit): next = digit.wholeNumberValue.flatMap { ChartTab(rawValue: $0 - 1) } ?? current.tab
        default: return []
        }
        current.tab = next
        current.isEncounterDetailOpen = false
        var effects: [WorkstationEffect] = []
        if !current.isRequested(next) {
            current.markLoading(next)
            effects.append(.loadChart(patientID: current.patientID, next))
        }
        chart = current
        // The screen may have changed size since this tab was last shown.
        fitChartScroll()
        return effects
    }
}
