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
        case .tab, .backTab:
            return updateChart(.key(key))
        case let .character(digit) where digit.wholeNumberValue.flatMap { ChartTab(rawValue: $0 - 1) } != nil:
            return updateChart(.key(key))
        case .character("s"):
            return toggleOrder()
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

    /// Esc: the whole census again, with the patient chosen in the search still chosen (a
    /// jump to the top row would open another patient's chart beside the list).
    private mutating func clearSearch() -> [WorkstationEffect] {
        let chosen = patients.selectedEntry?.id
        patients.search = SearchField()
        let effects = searchAgain()
        patients.selectOnArrival = chosen.map { .kept(patientID: $0) }
        return effects
    }

    /// `s`: highest NEWS2 first, or back to bed order, with the chosen patient still chosen.
    private mutating func toggleOrder() -> [WorkstationEffect] {
        let chosen = patients.selectedEntry?.id
        patients.byEarlyWarning.toggle()
        let effects = searchAgain()
        patients.selectOnArrival = chosen.map { .kept(patientID: $0) }
        return effects
    }

    private mutating func searchAgain() -> [WorkstationEffect] {
        patients.server = ServerSearchState(for: patients.search.text)
        patients.isLoading = true
        patients.selected = 0
        patients.top = 0
        patients.selectOnArrival = nil
        return [.searchPatients(currentSearch)]
    }

    mutating func handleChart(_ key: InputKey) -> [WorkstationEffect] {
        guard chart != nil else {
            focus = .list
            return []
        }
        return updateChart(.key(key))
    }

    /// Hands `action` to the open chart and carries out what it tells.
    mutating func updateChart(_ action: ChartAction) -> [WorkstationEffect] {
        guard var current = chart else { return [] }
        let step = current.update(action, in: chartContext)
        chart = current
        return step.effects + step.delegates.flatMap { delegate -> [WorkstationEffect] in
            switch delegate {
            case .backToList:
                focus = .list
                return []
            case .addVitals:
                return openVitalsForm()
            case .correctChosenRound:
                return openCorrection()
            }
        }
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
}
