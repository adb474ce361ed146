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
