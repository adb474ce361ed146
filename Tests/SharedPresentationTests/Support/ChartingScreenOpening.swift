@testable import SharedPresentation

extension WorkstationState {
    /// `form` over the open chart as the workstation opens it: scrolled to its top, what shows
    /// there counted as read.
    func opening(_ form: some ChartingForm) -> ChartingScreen {
        var screen = ChartingScreen(chart: chart!, form)
        screen.fit(chartingContext)
        return screen
    }
}

extension WorkstationState {
    /// The open form changed to `form`, shown as the screen shows a form that changed.
    mutating func showForm(_ form: some ChartingForm) {
        let context = chartingContext
        charting?.show(form, in: context)
    }
}
