/// Each asked-for tab's state, keyed by tab: a tab is in here from the moment it is asked
/// for (loading, loaded or failed).
struct ChartTabStates: Equatable, Sendable {
    private var byName: [String: any ChartTabFeature] = [:]

    subscript(tab: ChartTab) -> (any ChartTabFeature)? {
        get { byName[tab.name] }
        set { byName[tab.name] = newValue }
    }

    subscript<Feature: ChartTabFeature>(_: Feature.Type) -> Feature? {
        get { byName[Feature.descriptor.name] as? Feature }
        set { byName[Feature.descriptor.name] = newValue }
    }

    static func == (lhs: ChartTabStates, rhs: ChartTabStates) -> Bool {
        lhs.byName.count == rhs.byName.count
            && lhs.byName.allSatisfy { name, state in rhs.byName[name].map(state.isEqual(to:)) ?? false }
    }
}
