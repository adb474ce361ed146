/// A charting screen over the chart, holding the keyboard until it is saved or left: the
/// vitals entry form, or the marking of a charted set as entered in error. Boxed (`indirect`):
/// each screen carries a whole chart, and the state is copied through every update's frames.
public indirect enum ChartingScreen: Equatable, Sendable {
    case vitals(VitalsFormState)
    case correction(CorrectionState)

    /// The chart the screen was opened from: whom it charts for, whatever is selected since.
    public var chart: ChartState {
        switch self {
        case let .vitals(form): form.chart
        case let .correction(correction): correction.chart
        }
    }

    /// The patient being charted for: results for anyone else never land here.
    public var patientID: String { chart.patientID }

    /// True while the outbox is storing what was confirmed.
    var isSaving: Bool {
        switch self {
        case let .vitals(form): if case .saving = form.step { true } else { false }
        case let .correction(correction): if case .saving = correction.step { true } else { false }
        }
    }

    /// What the status line says once the outbox has stored this screen's entry.
    func savedNotice(delivery: String) -> String {
        switch self {
        case let .vitals(form):
            let count = if case let .saving(review) = form.step { review.readings.count } else { 0 }
            return "saved \(count) \(count == 1 ? "value" : "values"), \(delivery)"
        case let .correction(correction):
            let count = correction.round.orderedReadings.count
            return "marked \(count) \(count == 1 ? "value" : "values") entered in error, \(delivery)"
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
        }
    }
}
