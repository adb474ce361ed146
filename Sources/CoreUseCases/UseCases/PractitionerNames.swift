import CoreDomain

/// Names the performers a source gave only as a reference (`Practitioner/n1`, no display)
/// when that Practitioner is in the chart's store, so a result says who reported it in words.
/// A reference to someone not stored stays as it is: it is all there is to show.
struct PractitionerNames: Sendable {
    let chart: any ChartRepository

    /// `observations` with each `Practitioner/<id>` performer replaced by that practitioner's
    /// name; each practitioner is read once.
    func naming(_ observations: [Observation]) async throws -> [Observation] {
        let prefix = "Practitioner/"
        let references = Set(observations.lazy.compactMap(\.performer).filter { $0.hasPrefix(prefix) })
        guard !references.isEmpty else { return observations }
        var names: [String: String] = [:]
        for reference in references {
            if let practitioner = try await chart.practitioner(id: String(reference.dropFirst(prefix.count))) {
                names[reference] = practitioner.name.listName
            }
        }
        guard !names.isEmpty else { return observations }
        return observations.map { observation in
            guard let performer = observation.performer, let name = names[performer] else { return observation }
            var named = observation
            named.performer = name
            return named
        }
    }
}
