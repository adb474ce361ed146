import CoreUseCases

/// The open chart: tabs (each loaded the first time it is shown), scrolling fitted to what
/// the pane shows, the chosen encounter or vitals round. Every binding is listed in
/// `KeyHelp.chart`, `spo2Target`, `vitalsTab`, `resultsTab`, `medicationsTab` and `common`. The Results and
/// Meds tabs are features of their own (`ResultsState`, `MedicationsState`): each has the keys
/// first and hands back the ones it does not use.
extension ChartState: Feature {
    public mutating func update(_ action: ChartAction, in context: ChartContext) -> FeatureStep<ChartDelegate> {
        switch action {
        case let .key(key):
            return handle(key, context)
        case let .loaded(content):
            receive(content)
            // An offset of 0 is always in range, and the Summary and Meds tabs highlight no
            // row: only a scrolled tab, or one with a chosen row, is measured again.
            if content.tab == tab, (scroll[tab] ?? 0) > 0 || [.encounters, .vitals, .results].contains(tab) { fitScroll(context) }
            return .none
        case let .failed(failedTab, message):
            fail(failedTab, message: message)
            return .none
        }
    }

    private mutating func handle(_ key: InputKey, _ context: ChartContext) -> FeatureStep<ChartDelegate> {
        if let next = Self.tab(after: tab, for: key) { return show(next, context) }
        if tab == .results, var results {
            let body = context.body(self)
            let wasHistoryOpen = results.isHistoryOpen
            let step = results.update(.key(key), in: RegionContext(width: body.width, height: body.height, view: context.view))
            // The history and the worksheet are different texts: each opens at its top.
            if results.isHistoryOpen != wasHistoryOpen { scroll[.results] = 0 }
            self.results = results
            switch step.delegates.first {
            case .backToList?: return .tell(.backToList)
            case .unhandled?: break
            case nil:
                fitScroll(context)
                return .none
            }
        }
        if tab == .medications, var medications {
            let wasMARShown = medications.isMARShown
            let step = medications.update(.key(key), in: ())
            self.medications = medications
            switch step.delegates.first {
            case let .recordDose(dose)?: return .tell(.recordDose(dose))
            case let .correctDose(dose)?: return .tell(.correctDose(dose))
            case .unhandled?, nil: break
            }
            if step.delegates.isEmpty {
                // The orders and the MAR are different texts: each opens at its top, the MAR with
                // its first dose due or late chosen (what a nurse records next).
                if medications.isMARShown != wasMARShown {
                    scroll[.medications] = 0
                    if let record = medications.list.value?.record, medications.isMARShown {
                        self.medications?.chosenDose = record.doses.firstIndex { $0.status(at: context.view.now, window: record.window).isOutstanding } ?? 0
                    }
                }
                // The chosen dose is kept in view.
                fitScroll(context)
                return .none
            }
        }
        let isEncounterList = tab == .encounters && !isEncounterDetailOpen
        let encounterCount = encounters?.value?.count ?? 0
        let roundCount = tab == .vitals ? vitals?.value.map { VitalsRound.rounds($0).count } ?? 0 : 0
        if let move = WorkstationState.selectionMove(key, page: max(1, context.body(self).height)) {
            if roundCount > 0 {
                selectedRound = min(max(0, selectedRound + move), roundCount - 1)
            } else if isEncounterList {
                selectedEncounter = min(max(0, selectedEncounter + move), max(0, encounterCount - 1))
            } else {
                // Fitted below to what the tab shows: never past its last screenful.
                scroll[tab] = min(max(0, scroll[tab] ?? 0), Int.max / 2) + move
            }
            fitScroll(context)
            return .none
        }
        switch key {
        case .escape, .left, .character("h"):
            guard isEncounterDetailOpen else { return .tell(.backToList) }
            isEncounterDetailOpen = false
            fitScroll(context)
        case .enter:
            guard isEncounterList, encounterCount > 0 else { return .none }
            isEncounterDetailOpen = true
            fitScroll(context)
        case .character("a"):
            return .tell(.addVitals)
        case .character("x"):
            return .tell(.correctChosenRound)
        case .character("o"):
            return .tell(.setSpO2Target)
        default:
            break
        }
        return .none
    }

    /// The tab a tab key leads to: next, previous, or by number; nil for any other key.
    static func tab(after current: ChartTab, for key: InputKey) -> ChartTab? {
        let tabs = ChartTab.allCases
        switch key {
        case .tab: return tabs[(current.rawValue + 1) % tabs.count]
        case .backTab: return tabs[(current.rawValue + tabs.count - 1) % tabs.count]
        case let .character(digit): return digit.wholeNumberValue.flatMap { ChartTab(rawValue: $0 - 1) }
        default: return nil
        }
    }

    /// Shows `next`, asking for its content the first time.
    private mutating func show(_ next: ChartTab, _ context: ChartContext) -> FeatureStep<ChartDelegate> {
        tab = next
        isEncounterDetailOpen = false
        var step = FeatureStep<ChartDelegate>()
        if !isRequested(next) {
            markLoading(next)
            step.effects.append(.loadChart(patientID: patientID, next))
        }
        // The screen may have changed size since this tab was last shown.
        fitScroll(context)
        return step
    }

    /// Keeps the current tab's offset within its content, with the chosen row in view.
    mutating func fitScroll(_ context: ChartContext) {
        let body = context.body(self)
        let content = ChartBodyView.content(self, width: body.width, context: context.view)
        scroll[tab] = content.fit(scroll[tab] ?? 0, height: body.height)
    }
}
