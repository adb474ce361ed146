import CoreDomain
import Foundation

/// Which encounters a chart shows, and which one says where the patient is now.
///
/// Shown: every encounter except those entered in error, newest start first (no start last,
/// then by id). Recent (the summary's last three): only encounters that took place, so
/// planned and cancelled ones are left out as well. Current: the inpatient encounter in
/// progress or arrived with the latest start; its location is the patient's bed.
public enum RecentEncounterRule {
    public static let recentCount = 3

    public static func shown(_ encounters: [Encounter]) -> [Encounter] {
        encounters.filter { $0.status != .enteredInError }.sorted(by: newestFirst)
    }

    public static func recent(_ encounters: [Encounter]) -> [Encounter] {
        Array(shown(encounters).filter { $0.status != .planned && $0.status != .cancelled }.prefix(recentCount))
    }

    public static func current(_ encounters: [Encounter]) -> Encounter? {
        encounters
            .filter { $0.encounterClass == .inpatient && ($0.status == .inProgress || $0.status == .arrived) }
            .sorted(by: newestFirst)
            .first
    }

    public static func newestFirst(_ a: Encounter, _ b: Encounter) -> Bool {
        switch (a.period.start, b.period.start) {
        case let (x?, y?) where x != y: x > y
        case (nil, _?): false
        case (_?, nil): true
        default: a.id > b.id
        }
    }
}
