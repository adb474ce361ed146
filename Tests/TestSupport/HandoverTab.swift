import CoreDomain
import SharedPresentation

/// A chart tab written only for the tests, as a newcomer would add one: its state, its
/// update, how it loads and its view, in one place, registered by one line
/// (`ChartTab.registered + [.handover]` in the tests; a line in `ChartTab.registered` in the
/// app). It uses only what any feature folder can: the module's public surface.
public struct HandoverState: ChartTabFeature {
    public var notes: Loadable<[String]> = .loading
    public var isOldestFirst = false

    public static let order = KeyBinding([.character("n")], "n", "oldest or newest note first (Handover tab)", footer: "n order")
    public static let descriptor = ChartTabDescriptor(name: "handover", title: "Handover", shortTitle: "Hnd", help: [order])

    public init() {}

    public static func load(patientID: String, from sources: ChartSources) async throws -> [String] {
        let encounters = try await sources.chart.encounters(patientID: patientID)
        return ["\(encounters.count) encounters on file", "handover: settled overnight"]
    }

    public mutating func receive(_ content: Loadable<[String]>) { notes = content }

    public mutating func updateTab(_ action: ChartTabAction, in context: RegionContext) -> FeatureStep<ChartTabDelegate, Never> {
        guard case let .key(key) = action else { return .none }
        guard Self.order.matches(key) else { return .tell(.unhandled(key)) }
        isOldestFirst.toggle()
        return .none
    }

    public func body(width: Int, context: ViewContext, isIncomplete: Bool) -> ScrollContent {
        notes.content { notes in ScrollContent(lines: (isOldestFirst ? notes.reversed() : notes).map { StyledLine($0) }) }
    }

    public func bindings(isFocused: Bool) -> [KeyBinding] { isFocused ? [Self.order] : [] }
}

extension ChartTab {
    public static let handover = HandoverState.tab
}
