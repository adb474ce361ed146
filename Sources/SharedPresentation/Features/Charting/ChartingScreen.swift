/// A charting screen over the chart, holding the keyboard until it is saved or left: the
/// vitals entry form, or the marking of a charted set as entered in error. Boxed (`indirect`):
/// each screen carries a whole chart, and the state is copied through every update's frames.
public indirect enum ChartingScreen: Equatable, Sendable {
    case vitals(VitalsFormState)
    case correction(CorrectionState)
    case dose(DoseFormState)

    /// The chart the screen was opened from: whom it charts for, whatever is selected since.
    public var chart: ChartState {
        switch self {
        case let .vitals(form): form.chart
        case let .correction(correction): correction.chart
        case let .dose(form): form.chart
        }
    }

    /// The patient being charted for: results for anyone else never land here.
    public var patientID: String { chart.patientID }

    /// True while the outbox is storing what was confirmed.
    var isSaving: Bool {
        switch self {
        case let .vitals(form): if case .saving = form.step { true } else { false }
        case let .correction(correction): if case .saving = correction.step { true } else { false }
        case let .dose(form): form.step == .saving
        }
    }

    /// What the status line says once the outbox has stored this screen's entry: one short
    /// line, as the status line has the terminal's width and no more.
    func savedNotice(demo: Bool) -> String {
        if case let .dose(form) = self {
            let delivery = demo ? "stays pending in the demo (no server)" : "pending until the server has it"
            return "\(form.savedWhat), \(delivery)"
        }
        let count = switch self {
        case let .vitals(form): if case let .saving(review) = form.step { review.readings.count + (review.entry.consciousness == nil ? 0 : 1) } else { 0 }
        case let .correction(correction): correction.round.valueCount
        case .dose: 1
        }
        let values = count == 1 ? "1 value" : "\(count) values"
        let delivery = demo ? "stays pending in the demo (no server)" : "pending until the server has \(count == 1 ? "it" : "them")"
        return switch self {
        case .vitals: "saved \(values), \(delivery)"
        case .correction: "marked \(values) entered in error, \(delivery)"
        case .dose: ""
        }
    }

}

/// The screen open now takes the action: the vitals form or the correction.
extension ChartingScreen: Feature {
    public mutating func update(_ action: ChartingAction, in context: ChartingContext) -> FeatureStep<ChartingDelegate> {
        switch self {
        case var .vitals(form):
            let step = form.update(action, in: context)
            self = .vitals(form)
            return step
        case var .correction(correction):
            let step = correction.update(action, in: context)
            self = .correction(correction)
            return step
        case var .dose(form):
            let step = form.update(action, in: context)
            self = .dose(form)
            return step
        }
    }
}
