/// The charting form open over the chart, holding the keyboard until it is saved or left,
/// with the chart it was opened from (the one copy: its banner heads the form, and whom it
/// charts for is never what the list selects since). The workstation routes to it, draws it
/// and hears its news without knowing which form it is (`ChartingForm`).
public struct ChartingScreen: Equatable, Sendable {
    /// The chart the screen was opened from: whom it charts for, whatever is selected since.
    public let chart: ChartState
    public private(set) var form: any ChartingForm

    public init(chart: ChartState, _ form: some ChartingForm) {
        self.chart = chart
        self.form = form
    }

    /// The open form, when it is a `Form`.
    public subscript<Form: ChartingForm>(_: Form.Type) -> Form? { form as? Form }

    /// The patient being charted for: results for anyone else never land here.
    public var patientID: String { chart.patientID }

    public var title: String { form.title }

    public func layout(width: Int, context: ViewContext) -> ChartingLayout { form.layout(width: width, context: context) }

    var bindings: [KeyBinding] { form.bindings }

    var isSaving: Bool { form.isSaving }

    func savedNotice(demo: Bool) -> String { form.savedNotice(demo: demo) }

    public static func == (lhs: ChartingScreen, rhs: ChartingScreen) -> Bool { lhs.chart == rhs.chart && lhs.form.isEqual(to: rhs.form) }
}

/// The open form takes the action, told where its body is below this chart's banner.
extension ChartingScreen: Feature {
    public mutating func update(_ action: ChartingAction, in context: ChartingContext) -> FeatureStep<ChartingDelegate> {
        var context = context
        context.bannerLines = BannerView.lines(for: chart, width: context.geometry.panes.inset(by: 1).width - 1, context: context.view).count
        var form = form
        let step = form.update(action, in: context)
        self.form = form
        return step
    }
}
