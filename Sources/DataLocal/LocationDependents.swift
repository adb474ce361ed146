import CoreDomain
import CoreUseCases
import Foundation

/// Which cached patients' list rows a change of shared locations can reach: those whose current
/// encounter names a changed location, or one below it (a renamed ward relabels its beds). A
/// Synthea-style file repeats the hospital's locations unchanged, so rebuilding every row for
/// each one made imports slow down with the census; reading each row's current encounter is a
/// fraction of rebuilding it.
struct LocationDependents {
    let resources: ResourceTable

    /// The patients among `candidates` whose row depends on a location in `changed` (ids).
    func patients(dependingOn changed: Set<String>, among candidates: Set<Data>) throws(CacheError) -> Set<Data> {
        guard !changed.isEmpty, !candidates.isEmpty else { return [] }
        let resolver = BedLocationResolver(locations: try resources.sharedValues(Location.self, type: "Location"))
        let charts = ChartBundleTable(resources: resources)
        var dependents: Set<Data> = []
        for patient in candidates {
            let encounters = try charts.currentValues(Encounter.self, type: "Encounter", patient: patient)
            guard let current = RecentEncounterRule.current(encounters) else { continue }
            if !resolver.reachedLocations(from: current.locationIDs).isDisjoint(with: changed) { dependents.insert(patient) }
        }
        return dependents
    }
}
