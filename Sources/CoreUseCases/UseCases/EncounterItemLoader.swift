import CoreDomain

/// Resolves encounters' location and practitioner references through the chart repository,
/// looking each one up once however many encounters share it.
struct EncounterItemLoader: Sendable {
    /// Longest partOf chain followed; deeper (or looping) hierarchies are cut here.
    private static let maximumDepth = 8
    let chart: any ChartRepository

    func items(for encounters: [Encounter]) async throws -> [EncounterItem] {
        let resolver = BedLocationResolver(locations: try await locations(reachableFrom: encounters.flatMap(\.locationIDs)))
        var practitioners: [String: Practitioner] = [:]
        for id in Set(encounters.compactMap(\.practitionerID)) {
            practitioners[id] = try await chart.practitioner(id: id)
        }
        return encounters.map { encounter in
            EncounterItem(
                encounter: encounter, location: resolver.resolve(encounter.locationIDs),
                practitioner: encounter.practitionerID.flatMap { practitioners[$0] })
        }
    }

    /// The locations `ids` name and their parents.
    private func locations(reachableFrom ids: [String]) async throws -> [String: Location] {
        var found: [String: Location] = [:]
        var missing: Set<String> = []
        var level = Set(ids)
        for _ in 0..<Self.maximumDepth where !level.isEmpty {
            var parents: Set<String> = []
            for id in level where found[id] == nil && !missing.contains(id) {
                if let location = try await chart.location(id: id) {
                    found[id] = location
                    if let parent = location.partOfID { parents.insert(parent) }
                } else {
                    missing.insert(id)
                }
            }
            level = parents
        }
        return found
    }
}
