import CoreDomain
import Foundation

/// Whether a prescribed SpO2 target of 88-92% is in force, from the patient's target records
/// (`SpO2TargetEntry`): the newest one taken at or before the moment decides. A record coded
/// `SpO2TargetCode` whose range is 88-92 % sets it; one with any other value or none (a
/// clearing) does not. Records entered in error are skipped, so the one before them decides.
public enum SpO2TargetRule {
    /// True when the target was in force at `time` by `records` (oldest first, from
    /// `records(_:)`): a round taken then is scored on Scale 2.
    static func isScale2(at time: Date, records: [(time: Date, isSet: Bool)]) -> Bool {
        records.last { $0.time <= time }?.isSet ?? false
    }

    /// True when the newest record sets the target: what the banner shows.
    public static func isSet(in observations: [Observation]) -> Bool {
        records(observations).last?.isSet ?? false
    }

    /// Oldest first.
    static func records(_ observations: [Observation]) -> [(time: Date, isSet: Bool)] {
        observations.compactMap { observation -> (time: Date, isSet: Bool)? in
            guard observation.code.contains(code: SpO2TargetCode.code, system: SpO2TargetCode.system),
                  VitalReadingBuilder.reportableStatuses.contains(observation.status), let time = observation.effective else { return nil }
            return (time, isTarget(observation.value))
        }.sorted { $0.time < $1.time }
    }

    private static func isTarget(_ value: Observation.Value?) -> Bool {
        guard case let .range(low?, high?)? = value, [low, high].allSatisfy({ ($0.ucumCode ?? $0.unit ?? "%") == "%" }) else { return false }
        return low.value == SpO2TargetEntry.low && high.value == SpO2TargetEntry.high
    }
}
