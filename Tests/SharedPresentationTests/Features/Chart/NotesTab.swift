import CoreDomain
import SharedPresentation

/// A chart tab written only for the tests, as a newcomer would add one: its state, its
/// update, how it loads and its view, in one place, registered by one line
/// (`ChartTab.registered + [.notes]` in the tests; a line in `ChartTab.registered` in the app).
struct NotesState: ChartTabFeature {
    var notes: Loadable<[String]> = .loading
    var isOldestFirst = false

    static let order = KeyBinding([.character("n")], "n", "oldest or newest note first (Notes tab)", footer: "n order")
    static let descriptor = ChartTabDescriptor(name: "notes", title: "Notes", shortTitle: "Nts", help: [order])

    static func load(patientID: String, from sources: ChartSources) async throws -> [String] {
        let encounters = try await sources.chart.encounters(patientID: patientID)
        return ["\(encounters.count) encounters on file", "handover: settled overnight"]
    }

    mutating func receive(_ content: Loadable<[String]>) { notes = content }

    mutating func updateTab(_ action: ChartTabAction, in context: RegionContext) -> FeatureStep<ChartTabDelegate> {
        guard case let .key(key) = action else { return .none }
        guard Self.order.matches(key) else { return .tell(.unhandled(key)) }
        isOldestFirst.toggle()
        return .none
    }

    func body(width: Int, context: ViewContext, isIncomplete: Bool) -> ScrollContent {
        notes.content { notes in ScrollContent(lines: (isOldestFirst ? notes.reversed() : notes).map { StyledLine($0) }) }
    }

    func bindings(isFocused: Bool) -> [KeyBinding] { isFocused ? [Self.order] : [] }
}

extension ChartTab {
    static let notes = NotesState.tab
}
