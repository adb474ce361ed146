import Foundation

/// A chart tab: its descriptor and the feature that is its state. Two tabs are the same when
/// their stable names are; the order of the tab bar is `ChartTab.registered`'s.
public struct ChartTab: RegisteredFeature {
    public let descriptor: ChartTabDescriptor
    let feature: any ChartTabFeature.Type

    public init<Feature: ChartTabFeature>(_ feature: Feature.Type) {
        descriptor = Feature.descriptor
        self.feature = feature
    }

    public var name: String { descriptor.name }
    public var title: String { descriptor.title }
    public var shortTitle: String { descriptor.shortTitle }

    /// A fresh state for this tab: its content loading.
    func emptyState() -> any ChartTabFeature { feature.init() }

    func load(patientID: String, from sources: ChartSources) async throws -> ChartContent {
        try await feature.loadContent(patientID: patientID, from: sources)
    }

    func opened(patientID: String, at time: Date, from sources: ChartSources) async {
        await feature.opened(patientID: patientID, at: time, from: sources)
    }
}
