import CoreDomain

/// Resolves an encounter's location references to the ward, room and bed a nurse names, by
/// walking each location's `partOfID` chain (bed -> room -> ward).
///
/// References are read most specific first; the first name found for each level wins. A
/// location of kind `other` (a clinic, a unit) stands in for the ward when the chain has no
/// ward. Buildings and sites are not shown. Unknown references are skipped; a chain that loops
/// or is absurdly deep stops.
public struct BedLocationResolver: Sendable {
    private static let maximumDepth = 8
    private let locations: [String: Location]

    public init(locations: [String: Location]) {
        self.locations = locations
    }

    public init(locations: [Location]) {
        self.init(locations: Dictionary(locations.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first }))
    }

    /// nil when none of `locationIDs` resolves to a ward, room or bed.
    public func resolve(_ locationIDs: [String]) -> BedLocation? {
        var result = BedLocation()
        var otherName: String?
        for id in locationIDs {
            for location in chain(from: id) {
                switch location.kind {
                case .bed: result.bed = result.bed ?? location.name
                case .room: result.room = result.room ?? location.name
                case .ward: result.ward = result.ward ?? location.name
                case .other: otherName = otherName ?? location.name
                case .building, .site: break
                }
            }
        }
        if result.ward == nil { result.ward = otherName }
        return result == BedLocation() ? nil : result
    }

    /// Every location `locationIDs` reach, themselves and their ancestors, known or not: the
    /// locations whose change can change what `resolve` says for them.
    public func reachedLocations(from locationIDs: [String]) -> Set<String> {
        var reached = Set(locationIDs)
        for id in locationIDs {
            for location in chain(from: id) {
                reached.insert(location.id)
                if let parent = location.partOfID { reached.insert(parent) }
            }
        }
        return reached
    }

    /// The location `id` and its ancestors, nearest first.
    private func chain(from id: String) -> [Location] {
        var chain: [Location] = []
        var next: String? = id
        while let current = next, chain.count < Self.maximumDepth, let location = locations[current],
              !chain.contains(where: { $0.id == location.id }) {
            chain.append(location)
            next = location.partOfID
        }
        return chain
    }
}
