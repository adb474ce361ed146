import CoreDomain

/// Names the performers a source gave only as a reference (`Practitioner/n1`, no display)
/// when that Practitioner is in the chart's store, so a result says who reported it in words.
/// A reference to someone not stored stays as it is: it is all there is to show.
struct PractitionerNames: Sendable {
    let chart: any ChartRepository

    private static let prefix = "Practitioner/"

    /// `observations` with each `Practitioner/<id>` performer replaced by that practitioner's
    /// name; each practitioner is read once.
    func naming(_ observations: [Observation]) async throws -> [Observation] {
        let names = try await self.names(Set(observations.lazy.compactMap(\.performer).filter { $0.hasPrefix(Self.prefix) }))
        guard !names.isEmpty else { return observations }
        return observations.map { observation in
            guard let performer = observation.performer, let name = names[performer] else { return observation }
            var named = observation
            named.performer = name
            return named
        }
    }

    /// `worksheet` with each result's `Practitioner/<id>` performer named, as `naming` names an
    /// Observation's: a prepared worksheet keeps the references (`PreparedResults`).
    func naming(_ worksheet: ResultsWorksheet) async throws -> ResultsWorksheet {
        var references: Set<String> = []
        for panel in worksheet.panels {
            for test in panel.tests {
                for result in test.results { if let performer = result.performer, performer.hasPrefix(Self.prefix) { references.insert(performer) } }
            }
        }
        let names = try await self.names(references)
        guard !names.isEmpty else { return worksheet }
        var named = worksheet
        for panel in named.panels.indices {
            for test in named.panels[panel].tests.indices {
                for result in named.panels[panel].tests[test].results.indices {
                    if let performer = named.panels[panel].tests[test].results[result].performer, let name = names[performer] {
                        named.panels[panel].tests[test].results[result].performer = name
                    }
                }
            }
        }
        return named
    }

    /// Each reference's practitioner's name, for those stored.
    private func names(_ references: Set<String>) async throws -> [String: String] {
        var names: [String: String] = [:]
        for reference in references {
            if let practitioner = try await chart.practitioner(id: String(reference.dropFirst(Self.prefix.count))) {
                names[reference] = practitioner.name.listName
            }
        }
        return names
    }
}
