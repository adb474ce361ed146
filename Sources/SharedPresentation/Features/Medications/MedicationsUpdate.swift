import CoreUseCases
import Foundation

/// Meds keys: `m` switches between the orders and the MAR; on the MAR `r` records the chosen
/// item (`MARChoice`: a dose; an as-needed order, a dose given now; an infusion, its start,
/// rate change, pause, resume or stop) and `x` marks what was recorded for a dose (an
/// as-needed order: its last dose given) entered in error, `e` on an as-needed order records
/// how well its last dose worked (its follow-up); every other key is the chart's, whose
/// scroll keys choose on the MAR (`selection`) and scroll the orders as one text. Listed in
/// `KeyHelp.medicationsTab`, `marDoses` and `marInfusion`. The context's `now` is when an
/// as-needed dose is asked for.
extension MedicationsState: Feature {
    public mutating func update(_ action: MedicationsAction, in context: RegionContext) -> FeatureStep<MedicationsDelegate, Never> {
        guard case let .key(key) = action else { return .none }
        if key == .character("m") {
            isMARShown.toggle()
            return .none
        }
        guard isMARShown, let record = list.value?.record, let chosen = chosenItem(record) else { return .tell(.unhandled(key)) }
        switch chosen {
        case let .infusion(infusion):
            return key == .character("r") ? .tell(.recordInfusion(infusion)) : .tell(.unhandled(key))
        case let .dose(dose):
            switch key {
            case .character("r"): return .tell(.recordDose(dose))
            case .character("x"): return .tell(.correctDose(dose))
            default: return .tell(.unhandled(key))
            }
        case let .asNeeded(order):
            let now = ScheduledDose(request: order, time: context.view.now, isAsNeeded: true)
            // Its last dose given is what `x` corrects and `e` follows up.
            var last = now
            last.administration = record.lastGiven(asNeeded: order.id)
            switch key {
            case .character("r"): return .tell(.recordDose(now))
            case .character("x"): return .tell(.correctDose(last))
            case .character("e"): return .tell(.recordEffect(last))
            default: return .tell(.unhandled(key))
            }
        }
    }

    /// The MAR's chosen item, nil when it has none.
    func chosenItem(_ record: MedicationAdministrationRecord) -> MARChoice? {
        let all = MARChoice.all(record)
        return all.isEmpty ? nil : all[min(max(0, chosenDose), all.count - 1)]
    }
}
