/// A charting screen over the chart, holding the keyboard until it is saved or left: the
/// vitals entry form, or the marking of a charted set as entered in error.
public enum ChartingScreen: Equatable, Sendable {
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
}
