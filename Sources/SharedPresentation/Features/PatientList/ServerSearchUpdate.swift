import CoreDomain

/// The list's server section: Enter on its title asks the server, Enter on a patient found
/// fetches their chart into the cache, and the chart opens once it is there.
extension PatientListState {
    /// Enter on the server section's `row`: the title asks the server, a patient opens.
    mutating func activateServerRow(_ row: Int, _ context: PatientListContext) -> FeatureStep<PatientListDelegate, PatientListEffect> {
        guard var server else { return .none }
        if let reason = context.serverUnavailable { return .tell(.say(.info(reason))) }
        if row == 0 {
            switch server.phase {
            case .offered, .failed: break
            case .searching, .found: return .none
            }
            server.phase = .searching
            self.server = server
            return .run(.searchServer(server.text))
        }
        let found = server.patients
        guard server.fetching == nil, found.indices.contains(row - 1) else { return .none }
        server.fetching = found[row - 1].id
        self.server = server
        return .run(.fetchServerPatient(found[row - 1]))
    }

    mutating func serverAnswered(text: String, _ phase: ServerSearchState.Phase) -> FeatureStep<PatientListDelegate, PatientListEffect> {
        guard server?.text == text else { return .none }
        server?.phase = phase
        if case let .failed(message) = phase { return .tell(.say(.warning(message))) }
        return .none
    }

    /// The chart is in the cache now: it opens, and the list, which now holds the patient, is
    /// read again with the patient selected (the search was recorded when it was typed). A slow
    /// fetch that lands after the user moved on (another row, another chart) opens nothing: it
    /// would put this patient's chart in place of the one being read. Nor does one that lands
    /// while the screen is locked, when nothing is shown or audited as viewed. The chart opens
    /// marked off the census, as its server row was, until the reloaded list gives its row.
    mutating func serverPatientFetched(_ patient: Patient, _ context: PatientListContext) -> FeatureStep<PatientListDelegate, PatientListEffect> {
        guard var server, server.fetching == patient.id else { return .none }
        server.fetching = nil
        guard !context.isLocked, let row = selectedServerRow, row > 0, server.patients[row - 1].id == patient.id else {
            self.server = server
            let said = PatientListDelegate.say(StatusText.fetchedFromServer)
            return context.isLocked ? .tell(said, .refreshAtUnlock) : FeatureStep(effects: [reloadEffect(context)], delegates: [said])
        }
        if case var .found(matches) = server.phase {
            matches.patients.removeAll { $0.id == patient.id }
            server.phase = .found(matches)
        }
        self.server = server
        selectOnArrival = .fetched(patientID: patient.id)
        return FeatureStep(effects: [.search(currentSearch(context), isRefresh: true)],
                           delegates: [.openFetched(PatientListEntry(patient: patient, isOffCensus: true))])
    }
}
