/// What a finished chart load delivers: one tab's content, carried in an action to the tab
/// that asked for it.
public struct ChartContent: Equatable, Sendable {
    public let tab: ChartTab
    let value: any Equatable & Sendable

    public init<Feature: ChartTabFeature>(_ feature: Feature.Type, _ value: Feature.Content) {
        tab = Feature.tab
        self.value = value
    }

    public static func == (lhs: ChartContent, rhs: ChartContent) -> Bool {
        lhs.tab == rhs.tab && equal(lhs.value, rhs.value)
    }

    private static func equal<Value: Equatable>(_ value: Value, _ other: any Equatable & Sendable) -> Bool {
        (other as? Value) == value
    }
}
