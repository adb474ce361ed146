import CoreDomain

/// The patient list as a feature: it moves its selection, edits its search, asks for pages of
/// the census and the server's matches, and tells the workstation when the chart beside it
/// must follow, open or hear a tab key. Every binding is listed in `KeyHelp.list` and
/// `KeyHelp.search`.
extension PatientListState: Feature {
    public mutating func update(_ action: PatientListAction, in context: PatientListContext) -> FeatureStep<PatientListDelegate, PatientListEffect> {
        switch action {
        case let .key(key):
            return search.isEditing ? handleSearch(key, context) : handleList(key, context)
        case let .loaded(search, page):
            return receive(page, for: search, context)
        case let .failed(message):
            isLoading = false
            return .tell(.say(StatusText.patientListFailed(message)))
        case .resized:
            keepSelectionVisible(visibleRows: context.visibleRows)
            return FeatureStep(effects: windowEffect(context))
        case let .reload(announcingRises):
            if announcingRises { isSyncReload = true }
            return .run(reloadEffect(context))
        case let .highlight(patientID):
            if let index = window.firstIndex(where: { $0.id == patientID }) {
                select(windowOffset + index, visibleRows: context.visibleRows)
            }
            return .none
        case let .serverAnswered(text, phase):
            return serverAnswered(text: text, phase)
        case let .serverPatientFetched(patient):
            return serverPatientFetched(patient, context)
        case let .serverPatientFetchFailed(patientID, message):
            if server?.fetching == patientID { server?.fetching = nil }
            return .tell(.say(.warning(message)))
        }
    }

    /// The first page of what the list shows now.
    public func currentSearch(_ context: PatientListContext) -> PatientSearch {
        PatientSearch(text: search.text, ward: context.ward, byEarlyWarning: byEarlyWarning, offset: 0, limit: Self.pageSize)
    }

    /// The loaded window again, keeping its place: a refresh, not a new query.
    func reloadEffect(_ context: PatientListContext) -> PatientListEffect {
        var search = currentSearch(context)
        search.offset = windowOffset
        return .search(search, isRefresh: true)
    }

    private mutating func handleList(_ key: InputKey, _ context: PatientListContext) -> FeatureStep<PatientListDelegate, PatientListEffect> {
        if let move = ScrollMove(key) {
            self.move(move, visibleRows: context.visibleRows)
            return followed(context)
        }
        switch key {
        case .enter, .right, .character("l"):
            if let row = selectedServerRow { return key == .enter ? activateServerRow(row, context) : .none }
            guard let entry = selectedEntry else { return .none }
            return .tell(.open(entry))
        case .character("/"):
            search.isEditing = true
            return .none
        case .escape:
            return clearSearch(context)
        case .character("s"):
            byEarlyWarning.toggle()
            return searchAgain(choosing: selectedEntry?.id, context)
        case .character("a"):
            return .tell(.addVitals)
        case .tab, .backTab:
            return .tell(.chartTabKey(key))
        case let .character(digit) where digit.isWholeNumber:
            // Only a tab's number is bound: the chart picks the tab.
            return .tell(.chartTabKey(key))
        default:
            return .none
        }
    }

    /// Longer than any name, MRN or date a search is for.
    static let maximumSearchLength = 100

    private mutating func handleSearch(_ key: InputKey, _ context: PatientListContext) -> FeatureStep<PatientListDelegate, PatientListEffect> {
        switch key {
        case .escape:
            return clearSearch(context)
        case .enter:
            search.isEditing = false
            guard let row = selectedServerRow else { return .none }
            return activateServerRow(row, context)
        case .up, .down, .pageUp, .pageDown:
            return handleList(key, context)
        default:
            let before = search.text
            guard key.edit(&search.text, limit: Self.maximumSearchLength), search.text != before else { return .none }
        }
        return searchAgain(choosing: nil, context)
    }

    /// Esc: the whole census again, with the patient chosen in the search still chosen (a
    /// jump to the top row would open another patient's chart beside the list).
    private mutating func clearSearch(_ context: PatientListContext) -> FeatureStep<PatientListDelegate, PatientListEffect> {
        let chosen = selectedEntry?.id
        search = SearchField()
        return searchAgain(choosing: chosen, context)
    }

    /// A new query from its top; `chosen` is selected when the answer has them.
    private mutating func searchAgain(choosing chosen: String?, _ context: PatientListContext) -> FeatureStep<PatientListDelegate, PatientListEffect> {
        server = ServerSearchState(for: search.text)
        isLoading = true
        selected = 0
        top = 0
        selectOnArrival = chosen.map { .kept(patientID: $0) }
        return .run(.search(currentSearch(context)))
    }

    /// The highlighted row moved: the chart beside it follows, and rows come in as needed.
    private func followed(_ context: PatientListContext) -> FeatureStep<PatientListDelegate, PatientListEffect> {
        FeatureStep(effects: selectedEntry == nil ? windowEffect(context) : [], delegates: [.selectionChanged])
    }

    /// More of the list when the selection or scroll left the loaded window.
    private func windowEffect(_ context: PatientListContext) -> [PatientListEffect] {
        guard let offset = windowNeeded(visibleRows: context.visibleRows) else { return [] }
        var search = currentSearch(context)
        search.offset = offset
        return [.search(search)]
    }

    private mutating func receive(_ page: PatientPage, for search: PatientSearch, _ context: PatientListContext) -> FeatureStep<PatientListDelegate, PatientListEffect> {
        // A slow answer to an older search must not replace the current one.
        guard search.text == self.search.text, search.ward == context.ward else { return .none }
        let previousID = selectedEntry?.id
        // A new query (`searchAgain` marks it loading) starts at its top; a reload of the same
        // one (a sync's refresh) keeps the selected patient, not the row: an admission sorted
        // above must not slide another patient under the selection, and their chart into view.
        let isNewQuery = isLoading
        let serverRow = selectedServerRow
        var said: [PatientListDelegate] = []
        // A sync's reload says who entered the medium or high band (a round charted here was
        // just seen on its confirm step, and its "saved" notice stays) and who has a new
        // critical result, in one line.
        if isSyncReload, !isNewQuery, search.offset == windowOffset {
            let rise = NEWS2Rise.notice(from: window, to: page.entries)
            let critical = CriticalResultNotice.notice(from: window, to: page.entries)
            let line = [rise, critical].compactMap { $0 }.joined(separator: " · ")
            if !line.isEmpty { said.append(.say(Notice(line, tone: critical == nil ? .warning : .critical))) }
        }
        isSyncReload = false
        isLoading = false
        total = page.total
        windowOffset = search.offset
        window = seenResults(page.entries)
        let rows = context.visibleRows
        let arrival = selectOnArrival
        selectOnArrival = nil
        if let arrival, let arrived = page.entries.firstIndex(where: { $0.id == arrival.patientID }) {
            select(search.offset + arrived, visibleRows: rows)
        } else if arrival?.isFetched == true {
            // A chart fetched from the server is open: its row is not in this page, so leave the chart be.
            return FeatureStep(delegates: said)
        } else if arrival != nil {
            select(0, visibleRows: rows)
        } else if let serverRow {
            select(page.total + serverRow, visibleRows: rows)
        } else if !isNewQuery, let previousID, let moved = page.entries.firstIndex(where: { $0.id == previousID }) {
            select(search.offset + moved, visibleRows: rows)
        } else if search.offset == 0, previousID == nil || selected >= page.total {
            select(0, visibleRows: rows)
        }
        var step = followed(context)
        step.delegates = said + step.delegates
        return step
    }
}
