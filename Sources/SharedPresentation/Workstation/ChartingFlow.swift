import CoreDomain
import CoreUseCases
import Foundation

/// Opening a charting screen, routing its keys, and what happens when the outbox answers:
/// "saved" is said only once the outbox reports the entry durable, and the chart then
/// reloads so the new values show at once, marked pending.
extension WorkstationState {
    /// A charting form asked for (a form's key on the chart, or a feature's news): the first
    /// registered form that answers `request` opens over the chart shown, or the status line
    /// says why it cannot.
    mutating func openChartingForm(_ request: ChartingRequest) -> [WorkstationEffect] {
        guard let chart else { return [] }
        let opening = ChartingOpening(chart: chart, session: session)
        guard let answer = chartingForms.lazy.compactMap({ $0.open(request, in: opening) }).first else { return [] }
        switch answer {
        case let .form(form):
            notice = nil
            var screen = ChartingScreen(chart: chart, form)
            // What it opens on counts as shown (a confirm step it opens at).
            screen.fit(chartingContext)
            charting = screen
        case let .refused(message):
            notice = message
        }
        return []
    }

    /// The open charting screen takes every key, but `?` where the screen lists it (the vitals
    /// form, whose fields take numbers and times; the dose form's steps where nothing is typed):
    /// it shows the keys.
    mutating func handleCharting(_ key: InputKey) -> [WorkstationEffect] {
        guard var screen = charting else { return [] }
        if key == KeyHelp.formHelp.keys[0], screen.bindings.contains(KeyHelp.formHelp) {
            isHelpShown = true
            helpScroll = 0
            return []
        }
        let step = screen.update(.key(key), in: chartingContext)
        charting = screen
        return apply(step)
    }

    /// What a charting screen asked for: its effects run, its news applied here.
    private mutating func apply(_ step: FeatureStep<ChartingDelegate, ChartingEffect>) -> [WorkstationEffect] {
        for delegate in step.delegates {
            switch delegate {
            case let .say(said): notice = said
            case .close: charting = nil
            }
        }
        return step.effects.map { .charting($0) }
    }

    var chartingContext: ChartingContext {
        ChartingContext(now: now, calendar: entryCalendar, geometry: geometry, view: layoutContext)
    }

    mutating func chartingSaved(patientID: String, outbox: OutboxStatus?) -> [WorkstationEffect] {
        guard let screen = charting, screen.patientID == patientID, screen.isSaving else { return [] }
        if let outbox { self.outbox = outbox }
        // One short line: the status line has the width of the terminal and no more.
        notice = Notice(screen.savedNotice(demo: session.mode == .demo), tone: .info, kind: .savedPending)
        charting = nil
        // A refresh may have moved the selection to someone else while the form was open:
        // "saved" must never sit over another patient's chart.
        if chart?.patientID != patientID { return reopenChart(screen.chart) }
        // The new (or corrected) round is the newest row: highlight it, not whatever moved into the old place.
        _ = updateChart(.focus(.vitals, .newest))
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
        let highlighted = updateList(.highlight(patientID: origin.patientID))
        var reopened = ChartState(listEntry: origin.listEntry)
        reopened.tab = origin.tab
        reopened.markLoading(origin.tab)
        chart = reopened
        guard !lock.isLocked else {
            isRefreshPending = true
            return highlighted
        }
        let tabs = origin.tab == .summary ? [ChartTab.summary] : [.summary, origin.tab]
        return highlighted + updateList(.reload(announcingRises: false)) + tabs.map { .chart(patientID: origin.patientID, .load($0)) }
    }

    /// The outbox refused (the screen goes back to its confirm step, everything kept) or found
    /// something the form asks again: told to the screen still saving for `patientID`.
    mutating func answerSave(patientID: String, _ answer: ChartingAction) -> [WorkstationEffect] {
        guard var screen = charting, screen.patientID == patientID, screen.isSaving else { return [] }
        let step = screen.update(answer, in: chartingContext)
        charting = screen
        return apply(step)
    }

    /// The calendar typed clock times are read with: Gregorian, in the workstation's zone.
    var entryCalendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }
}
