import CoreDomain
import CoreUseCases
import Foundation

/// What the MAR's highlight can rest on, in the order the MAR lists them: each scheduled dose,
/// then each as-needed order, then each continuous infusion. `r` records the chosen one (a
/// dose, a PRN dose given now, an infusion's start, rate change, pause, resume or stop).
enum MARChoice: Equatable {
    case dose(ScheduledDose)
    case asNeeded(MedicationRequest)
    case infusion(Infusion)

    /// Everything the MAR's highlight moves over, in MAR order.
    static func all(_ record: MedicationAdministrationRecord) -> [MARChoice] {
        record.doses.map(MARChoice.dose) + record.asNeeded.map(MARChoice.asNeeded) + record.infusions.map(MARChoice.infusion)
    }
}
