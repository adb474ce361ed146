import CoreDomain
import CoreUseCases

/// The list's section below the census matches while a search is typed: patients the server
/// has and this workstation does not keep. The server is asked only when the user presses
/// Enter on the section's first row, never per keystroke: on a slow link that would crawl.
/// The first row is the section's title (the offer, the progress or the outcome); the
/// patients found follow it, one row each.
public struct ServerSearchState: Equatable, Sendable {
    public enum Phase: Equatable, Sendable {
        case offered
        case searching
        case found(RemotePatientMatches)
        /// `message` is one line without PHI.
        case failed(String)
    }

    /// The search text the section answers.
    public var text: String
    public var phase: Phase = .offered
    /// The patient whose chart is being fetched from the server.
    public var fetching: String?

    public init(text: String, phase: Phase = .offered) {
        self.text = text
        self.phase = phase
    }

    /// The search text's section, or nil when it has no term the server could be asked for.
    init?(for text: String) {
        guard !RemotePatientQuery(searchText: text).isEmpty else { return nil }
        self.init(text: text)
    }

    public var patients: [Patient] {
        if case let .found(matches) = phase { matches.patients } else { [] }
    }

    /// The title row and one row per patient found.
    public var rowCount: Int { 1 + patients.count }
}

extension WorkstationState {
    /// Why the server cannot be searched now (shown on the section's title row), nil when it can.
    public var serverSearchUnavailable: String? {
        switch session.mode {
        case .online: nil
        case .demo: "no server in the demo"
        case .offline where !session.hasServer: "no server set"
        case .offline: sync == nil ? "server: connecting…" : "server not reachable"
        }
    }

    /// Enter on the server section's `row`: the title asks the server, a patient opens.
    mutating func activateServerRow(_ row: Int) -> [WorkstationEffect] {
        guard var server = patients.server else { return [] }
        if let reason = serverSearchUnavailable {
            status = reason
            return []
        }
        if row == 0 {
            switch server.phase {
            case .offered, .failed: break
            case .searching, .found: return []
            }
            server.phase = .searching
            patients.server = server
            return [.searchServer(server.text)]
        }
        let found = server.patients
        guard server.fetching == nil, found.indices.contains(row - 1) else { return [] }
        server.fetching = found[row - 1].id
        patients.server = server
        return [.fetchServerPatient(found[row - 1])]
    }

    mutating func serverSearchAnswered(text: String, _ phase: ServerSearchState.Phase) {
        guard patients.server?.text == text else { return }
        patients.server?.phase = phase
        if case let .failed(message) = phase { status = message }
    }

    /// The chart is in the cache now: it opens, and the list, which now holds the patient, is
    /// read again with the patient selected (the search was recorded when it was typed). A slow
    /// fetch that lands after the user moved on (another row, another chart) opens nothing: it
    /// would put this patient's chart in place of the one being read. Nor does one that lands
    /// while the screen is locked, when nothing is shown or audited as viewed. The chart opens
    /// marked off the census, as its server row was, until the reloaded list gives its row.
    mutating func serverPatientFetched(_ patient: Patient) -> [WorkstationEffect] {
        guard var server = patients.server, server.fetching == patient.id else { return [] }
        server.fetching = nil
        guard !lock.isLocked, let row = patients.selectedServerRow, row > 0, server.patients[row - 1].id == patient.id else {
            patients.server = server
            status = StatusText.fetchedFromServer
            guard !lock.isLocked else {
                isRefreshPending = true
                return []
            }
            return [refreshListEffect]
        }
        if case var .found(matches) = server.phase {
            matches.patients.removeAll { $0.id == patient.id }
            server.phase = .found(matches)
        }
        patients.server = server
        patients.selectOnArrival = .fetched(patientID: patient.id)
        focus = .chart
        return open(PatientListEntry(patient: patient, isOffCensus: true)) + [.searchPatients(currentSearch, isRefresh: true)]
    }

    mutating func serverPatientFetchFailed(patientID: String, message: String) {
        if patients.server?.fetching == patientID { patients.server?.fetching = nil }
        status = message
    }
}
