import CoreDomain
import Foundation

/// An infusion's rate as typed on the form: a positive number and a unit (`18 units/kg/h`,
/// `0.05 mcg/kg/min`, `125 mL/h`), read as a dose is (`DoseRecordingRule.dose`); whether the
/// unit is one the order's rate can be compared with is `Infusion.check(rate:)`'s question.
public enum InfusionRule {
    public static func rate(_ text: String) -> MedicationRequest.Rate? {
        DoseRecordingRule.dose(text).map { MedicationRequest.Rate(amount: $0) }
    }
}
