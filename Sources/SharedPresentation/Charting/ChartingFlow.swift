import CoreDomain
import CoreUseCases
import Foundation

/// Opening a charting screen, routing its keys, and what happens when the outbox answers:
/// "saved" is said only once the outbox reports the entry durable, and the chart then
/// reloads so the new values show at once, marked pending.
extension WorkstationState {
    /// `a` on the Summary or Vitals tab: the vitals form for the patient whose chart is shown.
    mutating func openVitalsForm() -> [WorkstationEffect] {
        guard let chart, chart.tab == .summary || chart.tab == .vitals else { return [] }
        // The banner at the confirm step must be the loaded one (bed, allergies), never a guess.
        switch chart.summary {
        case .loaded: break
        case .loading:
            status = "the chart is still loading: press a again in a moment"
            return []
        case .failed:
            // Waiting would not help: this load is over.
            status = "this chart did not load, so nothing can be charted on it: open it again from the list"
            return []
        }
        status = nil
        charting = .vitals(VitalsFormState(chart: chart))
        return []
    }

    /// `x` on the Vitals tab: mark the highlighted round entered in error.
    mutating func openCorrection() -> [WorkstationEffect] {
        guard let chart, chart.tab == .vitals, let series = chart.vitals?.value else { return [] }
        let rounds = VitalsRound.rounds(series)
        guard !rounds.isEmpty else {
            status = "no charted vitals to mark entered in error"
            return []
        }
        let round = rounds[min(max(0, chart.selectedRound), rounds.count - 1)]
        guard !round.isEnteredInError else {
            status = VitalsChartingError.nothingToCorrect.errorDescription
            return []
        }
        status = nil
        charting = .correction(CorrectionState(chart: chart, round: round))
        return []
    }

    mutating func handleCharting(_ key: InputKey) -> [WorkstationEffect] {
        switch charting {
        case let .vitals(form)?: handleVitalsForm(key, form)
        case let .correction(correction)?: handleCorrection(key, correction)
        case nil: []
        }
    }

    mutating func chartingSaved(patientID: String, outbox: OutboxStatus?, warning: String?) -> [WorkstationEffect] {
        guard let screen = charting, screen.patientID == patientID, screen.isSaving else { return [] }
        if let outbox { self.outbox = outbox }
        // One short line: the status line has the width of the terminal and no more.
        let delivery = session.mode == .demo ? "stays pending in the demo (no server)" : "pending until the server has it"
        let saved: String
        switch screen {
        case let .vitals(form):
            let count = if case let .saving(review) = form.step { review.readings.count } else { 0 }
            saved = "saved \(count) \(count == 1 ? "value" : "values"), \(delivery)"
        case let .correction(correction):
            let count = correction.round.orderedReadings.count
            saved = "marked \(count) \(count == 1 ? "value" : "values") entered in error, \(delivery)"
        }
        // An audit warning must stay until the user moves on: only a plain notice gives way.
        notice = warning.map { Notice(saved + "; " + $0) } ?? Notice(saved, kind: .savedPending)
        charting = nil
        // A refresh may have moved the selection to someone else while the form was open:
        // "saved" must never sit over another patient's chart.
        if chart?.patientID != patientID { return reopenChart(screen.chart) }
        // The new (or corrected) round is the newest row: highlight it, not whatever moved into the old place.
        chart?.selectedRound = 0
        // Nothing is shown (or audited as viewed) while locked: the reload waits for the unlock.
        guard !lock.isLocked else {
            isRefreshPending = true
            return []
        }
        return refreshAfterDataChange()
    }

    /// Opens again the chart a charting screen was started from, on the same tab with the new
    /// round highlighted, and highlights its patient in the list when the loaded window has
    /// them. Their chart's opening was audited when the nurse opened it to chart; opening it
    /// again is audited too, unless it waits for an unlock (then it reloads as a refresh).
    private mutating func reopenChart(_ origin: ChartState) -> [WorkstationEffect] {
        if let index = patients.window.firstIndex(where: { $0.id == origin.patientID }) {
            patients.select(patients.windowOffset + index, visibleRows: listVisibleRows)
        }
        var reopened = ChartState(listEntry: origin.listEntry)
        reopened.tab = origin.tab
        reopened.markLoading(origin.tab)
        chart = reopened
        guard !lock.isLocked else {
            isRefreshPending = true
            return []
        }
        let tabs = origin.tab == .summary ? [ChartTab.summary] : [.summary, origin.tab]
        return [refreshListEffect] + tabs.map { .loadChart(patientID: origin.patientID, $0) }
    }

    /// Back to the confirm step with everything kept, so Enter tries again and Esc edits.
    mutating func chartingFailed(patientID: String, message: String) {
        guard let screen = charting, screen.patientID == patientID, screen.isSaving else { return }
        let failure = "not saved: \(message)"
        switch screen {
        case var .vitals(form):
            if case let .saving(review) = form.step { form.step = .confirming(review) }
            form.failure = failure
            // The failure heads the confirm step: scroll back up to it.
            form.scroll = 0
            charting = .vitals(form)
        case var .correction(correction):
            if case let .saving(reason) = correction.step { correction.step = .confirming(reason) }
            correction.failure = failure
            charting = .correction(correction)
        }
        status = failure
    }

    /// The calendar typed clock times are read with: Gregorian, in the workstation's zone.
    var entryCalendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }
}
