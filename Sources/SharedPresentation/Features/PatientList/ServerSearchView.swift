import CoreDomain

/// The server's section of the patient list (see `ServerSearchState`): a title row saying
/// what Enter does or what the server answered ("Not on census"), then the patients it found,
/// indented under it, each with the birth date whole. From `PatientListView.wideWidth` on a
/// row is also marked `off`, as list rows are, so one scrolled away from its title still says
/// so; the compact list keeps that room for the name, which with the birth date is how the
/// nurse tells the patients apart (the chart opened says NOT ON CENSUS in its banner).
public enum ServerSearchView {
    /// Row `row` of the section: 0 is the title (every title fits the list's 23 cells at 80x24).
    /// `unavailable` says why the server cannot be asked.
    public static func row(_ server: ServerSearchState, _ row: Int, unavailable: String?, width: Int, context: ViewContext) -> StyledLine {
        guard row > 0 else { return StyledLine(title(server, unavailable: unavailable), server.phase == .offered ? .accent : .dim) }
        let patient = server.patients[row - 1]
        let marker = width >= PatientListView.wideWidth ? PatientListView.offCensusMarker + " " : ""
        let detail = marker + (server.fetching == patient.id ? "fetching…" : patient.birthDate?.description ?? "")
        let nameRoom = max(4, width - 1 - DisplayWidth.cells(detail) - 1)
        let name = PatientListView.clipName(TextFitting.fit(patient.name.listName, width: nameRoom, unicode: context.unicode), to: nameRoom)
        let gap = String(repeating: " ", count: max(1, width - 1 - DisplayWidth.cells(name) - DisplayWidth.cells(detail)))
        return StyledLine([Span(" " + name + gap), Span(detail, .dim)])
    }

    static func title(_ server: ServerSearchState, unavailable: String?) -> String {
        if server.phase == .offered, let unavailable { return unavailable }
        switch server.phase {
        case .offered: return "Enter: search server"
        case .searching: return "searching server…"
        case let .found(matches) where matches.patients.isEmpty: return matches.hasMore ? "server: type more" : "server: no other match"
        case let .found(matches): return "Not on census (\(matches.patients.count)\(matches.hasMore ? "+" : ""))"
        case .failed: return "failed: Enter retries"
        }
    }
}
