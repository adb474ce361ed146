import CoreDomain
import Foundation

/// The PRN follow-up: which recorded effect belongs to which dose, and where a dose's follow-up
/// stands at a moment.
public enum PRNFollowUpRule {
    /// The newest effect recorded for each dose (by MedicationAdministration id) among
    /// `observations`: those coded `PRNEffectCode`, `partOf` a dose, not entered in error.
    public static func effects(_ observations: [Observation]) -> [String: Observation] {
        var effects: [String: Observation] = [:]
        for observation in observations
        where observation.status != .enteredInError && observation.code.contains(code: PRNEffectCode.code, system: PRNEffectCode.system) {
            for id in observation.partOfIDs where (effects[id]?.effective ?? .distantPast) <= (observation.effective ?? .distantPast) {
                effects[id] = observation
            }
        }
        return effects
    }

    /// Where the follow-up of `dose` stands at `now`: `effect` when recorded (an answer this
    /// workstation does not know reads as not recorded), else due until `after` past the dose.
    public static func status(of dose: MedicationAdministration, effect: Observation?, at now: Date, after: TimeInterval) -> PRNFollowUp {
        if let effect, case let .concept(concept)? = effect.value,
           let answer = concept.codings.lazy.compactMap({ $0.system == PRNEffectCode.answerSystem ? $0.code.flatMap(PRNEffect.init(code:)) : nil }).first {
            return .recorded(answer, at: effect.effective ?? dose.effective, by: effect.performer)
        }
        let due = dose.effective.addingTimeInterval(after)
        return now < due ? .due(at: due) : .late(since: due)
    }
}
