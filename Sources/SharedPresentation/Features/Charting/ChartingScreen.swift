/// The charting form open over the chart, holding the keyboard until it is saved or left.
/// The workstation routes to it, draws it and hears its news without knowing which form it
/// is (`ChartingForm`).
public struct ChartingScreen: Equatable, Sendable {
    public private(set) var form: any ChartingForm

    public init(_ form: some ChartingForm) {
        self.form = form
    }

    /// The open form, when it is a `Form`.
    public subscript<Form: ChartingForm>(_: Form.Type) -> Form? { form as? Form }

    /// The chart the screen was opened from: whom it charts for, whatever is selected since.
    public var chart: ChartState { form.chart }

    /// The patient being charted for: results for anyone else never land here.
    public var patientID: String { chart.patientID }

    public var title: String { form.title }

    public func layout(width: Int, context: ViewContext) -> ChartingLayout { form.layout(width: width, context: context) }

    var bindings: [KeyBinding] { form.bindings }

    var isSaving: Bool { form.isSaving }

    func savedNotice(demo: Bool) -> String { form.savedNotice(demo: demo) }

    public static func == (lhs: ChartingScreen, rhs: ChartingScreen) -> Bool { lhs.form.isEqual(to: rhs.form) }
}

/// The open form takes the action.
extension ChartingScreen: Feature {
    public mutating func update(_ action: ChartingAction, in context: ChartingContext) -> FeatureStep<ChartingDelegate> {
        var form = form
        let step = form.update(action, in: context)
        self.form = form
        return step
    }
}
