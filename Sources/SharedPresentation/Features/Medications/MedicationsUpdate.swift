import CoreUseCases
import Foundation

/// Meds keys: `m` switches between the orders and the MAR; on the MAR `r` records the chosen
/// dose or as-needed order (listed after the doses; an as-needed order: a dose given now) and
/// `x` marks what was recorded for it (an as-needed order: its last dose given) entered in
/// error, `e` on an as-needed order records how well its last dose worked (its follow-up);
/// every other key is the chart's, whose scroll keys choose on the MAR (`selection`) and
/// scroll the orders as one text. Listed in `KeyHelp.medicationsTab` and `marDoses`. The
/// context's `now` is when an as-needed dose is asked for.
extension MedicationsState: Feature {
    public mutating func update(_ action: MedicationsAction, in context: RegionContext) -> FeatureStep<MedicationsDelegate> {
        guard case let .key(key) = action else { return .none }
        let now = context.view.now
        if key == .character("m") {
            isMARShown.toggle()
            return .none
        }
        guard isMARShown, let record = list.value?.record else { return .tell(.unhandled(key)) }
        let count = record.doses.count + record.asNeeded.count
        guard count > 0 else { return .tell(.unhandled(key)) }
        let index = min(max(0, chosenDose), count - 1)
        let chosen = index < record.doses.count ? record.doses[index]
            : ScheduledDose(request: record.asNeeded[index - record.doses.count], time: now, isAsNeeded: true)
        if key == .character("r") { return .tell(.recordDose(chosen)) }
        var last = chosen
        // On a PRN line: its last dose given.
        if chosen.isAsNeeded { last.administration = record.lastGiven(asNeeded: chosen.request.id) }
        if key == .character("x") { return .tell(.correctDose(last)) }
        if key == .character("e") {
            guard chosen.isAsNeeded else { return .tell(.unhandled(key)) }
            return .tell(.recordEffect(last))
        }
        return .tell(.unhandled(key))
    }
}
