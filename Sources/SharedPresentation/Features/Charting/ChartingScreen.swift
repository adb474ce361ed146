/// The charting form open over the chart, holding the keyboard until it is saved or left,
/// with the chart it was opened from (the one copy: its banner heads the form, and whom it
/// charts for is never what the list selects since). The workstation routes to it, draws it
/// and hears its news without knowing which form it is (`ChartingForm`).
///
/// The screen owns the form's scrolling, the same for every form: the scroll keys the form's
/// step does not claim move through its lines, each step opens at its top with the field typed
/// into kept in view, and Enter on a confirm step saves only once every line of it has been on
/// screen (before that, Enter shows the next lines). So nothing is recorded that was not shown.
public struct ChartingScreen: Equatable, Sendable {
    /// The chart the screen was opened from: whom it charts for, whatever is selected since.
    public let chart: ChartState
    public private(set) var form: any ChartingForm
    /// Where the form's body is scrolled to.
    public private(set) var position = ScrollPosition()
    /// How many of the step's lines, from its first, have been on screen, each page read on
    /// from where the last left off (a jump to the end reads nothing in between).
    private var readThrough = 0
    /// Every line of the step shown has been on screen.
    public private(set) var isReadWhole = false
    /// The step is taller than the screen's body: it scrolls.
    private var scrolls = false

    public init(chart: ChartState, _ form: some ChartingForm) {
        self.chart = chart
        self.form = form
    }

    /// The open form, when it is a `Form`.
    public subscript<Form: ChartingForm>(_: Form.Type) -> Form? { form as? Form }

    /// The patient being charted for: results for anyone else never land here.
    public var patientID: String { chart.patientID }

    public var title: String { form.title }

    /// The chart's banner over the form, full or compact as the screen has room for it.
    public func banner(_ context: ChartingContext) -> [StyledLine] {
        BannerView.lines(for: chart, width: context.geometry.chartingBannerWidth, room: context.geometry.chartingBannerRoom, context: context.view)
    }

    public func content(width: Int, context: ViewContext) -> ScrollContent { form.content(width: width, context: context) }

    /// The form's keys now, with Enter on a confirm step not yet read whole saying what it does
    /// then, and the scroll keys the step leaves free.
    var bindings: [KeyBinding] {
        let own = form.bindings.map { binding in
            guard form.awaitsConfirmation, !isReadWhole, binding.keys == [.enter] else { return binding }
            return KeyHelp.confirmMore
        }
        let free = ScrollMove.keys.filter { key in !own.contains { $0.matches(key) } }
        return free.isEmpty || !scrolls ? own : own + [KeyHelp.formScroll(free)]
    }

    var isSaving: Bool { form.isSaving }

    func savedNotice(demo: Bool) -> String { form.savedNotice(demo: demo) }

    public static func == (lhs: ChartingScreen, rhs: ChartingScreen) -> Bool {
        lhs.chart == rhs.chart && lhs.form.isEqual(to: rhs.form) && lhs.position == rhs.position && lhs.readThrough == rhs.readThrough
            && lhs.isReadWhole == rhs.isReadWhole && lhs.scrolls == rhs.scrolls
    }
}

/// The open form takes the action, told where its body is below this chart's banner; the
/// screen scrolls it.
extension ChartingScreen: Feature {
    public mutating func update(_ action: ChartingAction, in context: ChartingContext) -> FeatureStep<ChartingDelegate, ChartingEffect> {
        let context = placed(context), body = context.body
        let content = content(width: body.width, context: context.view)
        if case let .key(key) = action {
            // Too short to show the form whole: nothing but leaving it.
            if body.height < WorkstationGeometry.minimumBodyRows, key != .escape { return .none }
            if scrolls, let move = ScrollMove(key), !form.bindings.contains(where: { $0.matches(key) }) {
                position = content.moved(position, move, height: body.height)
                see(content, height: body.height)
                return .none
            }
            if key == .enter, form.awaitsConfirmation, !isReadWhole {
                // The first line not read yet on the top row.
                position = ScrollPosition(offset: content.layout.offset(showingFrom: readThrough, height: body.height))
                see(content, height: body.height)
                return .none
            }
        }
        var form = form
        let step = form.update(action, in: context)
        if !form.isEqual(to: self.form) { show(form, in: context) }
        return step
    }

    /// `form` as it is now, shown anew: another step, or what it says changed. A step with
    /// nothing typed opens at its top; a field typed into stays in view.
    mutating func show(_ form: some ChartingForm, in context: ChartingContext) {
        self.form = form
        let context = placed(context), body = context.body
        let content = form.content(width: body.width, context: context.view)
        if content.cursorLine == nil { position = ScrollPosition() }
        readThrough = 0
        position = content.fitted(position, height: body.height)
        see(content, height: body.height)
    }

    /// Fitted again to a new size: what it shows now counts as seen.
    mutating func fit(_ context: ChartingContext) {
        let context = placed(context), body = context.body
        let content = content(width: body.width, context: context.view)
        position = content.fitted(position, height: body.height)
        see(content, height: body.height)
    }

    /// `context` told how many lines this chart's banner takes over the form.
    private func placed(_ context: ChartingContext) -> ChartingContext {
        var context = context
        context.bannerLines = banner(context).count
        return context
    }

    private mutating func see(_ content: ScrollContent, height: Int) {
        guard height >= WorkstationGeometry.minimumBodyRows else { return }
        scrolls = content.lines.count > height
        // Only a step Enter saves on needs reading whole.
        guard form.awaitsConfirmation else {
            readThrough = 0
            isReadWhole = false
            return
        }
        let window = content.window(position.offset, height: height)
        if window.header.lowerBound <= readThrough, window.header.upperBound >= readThrough { readThrough = max(readThrough, window.header.upperBound) }
        if window.body.lowerBound <= readThrough { readThrough = max(readThrough, window.body.upperBound) }
        isReadWhole = readThrough >= content.lines.count
    }
}
