import CoreDomain
import CoreUseCases
import Foundation

/// Opening a charting screen, routing its keys, and what happens when the outbox answers:
/// "saved" is said only once the outbox reports the entry durable, and the chart then
/// reloads so the new values show at once, marked pending.
extension WorkstationState {
    /// `a` on the Summary or Vitals tab: the vitals form for the patient whose chart is shown.
    mutating func openVitalsForm() -> [WorkstationEffect] {
        // Only where the tab shown has `a` (Summary, Vitals).
        guard let chart, chart.tabBindings(isFocused: false).contains(KeyHelp.addVitals), isSummaryLoaded(chart, key: "a") else { return [] }
        charting = .vitals(VitalsFormState(chart: chart))
        return []
    }

    /// `o` on any tab: confirm setting the SpO2 target of 88-92%, or clearing the one in force.
    mutating func openSpO2Target() -> [WorkstationEffect] {
        guard let chart, isSummaryLoaded(chart, key: "o"), let summary = chart.summary.value else { return [] }
        charting = .spo2Target(SpO2TargetState(chart: chart, isSetting: !summary.isSpO2TargetSet))
        return []
    }

    /// The banner at a confirm step must be the loaded one (bed, allergies, the SpO2 target),
    /// never a guess: otherwise the status line says why nothing opened (`key` to try again).
    private mutating func isSummaryLoaded(_ chart: ChartState, key: String) -> Bool {
        switch chart.summary {
        case .loaded:
            status = nil
            return true
        case .loading:
            status = StatusText.chartStillLoading(press: key)
            return false
        case .failed:
            // Waiting would not help: this load is over.
            status = StatusText.chartDidNotLoad
            return false
        }
    }

    /// `x` on the Vitals tab: mark the highlighted round entered in error.
    mutating func openCorrection() -> [WorkstationEffect] {
        guard let chart, chart.tab == .vitals, let vitals = chart[VitalsState.self], let series = vitals.history.value else { return [] }
        let rounds = VitalsRound.rounds(series)
        guard !rounds.isEmpty else {
            status = StatusText.noVitalsToMark
            return []
        }
        let round = rounds[min(max(0, vitals.selectedRound), rounds.count - 1)]
        guard !round.isEnteredInError else {
            status = VitalsChartingError.nothingToCorrect.errorDescription
            return []
        }
        let isOwn = session.isOwn(round.performer)
        guard isOwn || session.mayCorrectOthers else {
            status = StatusText.onlyItsAuthor(round.performer)
            return []
        }
        status = nil
        charting = .correction(CorrectionState(chart: chart, round: round, isOwn: isOwn))
        return []
    }

    /// The open charting screen takes every key, but `?` where the screen lists it (the vitals
    /// form, whose fields take numbers and times; the dose form's steps where nothing is typed):
    /// it shows the keys.
    mutating func handleCharting(_ key: InputKey) -> [WorkstationEffect] {
        guard var screen = charting else { return [] }
        if key == KeyHelp.formHelp.keys[0], KeyHelp.bindings(for: screen).contains(KeyHelp.formHelp) {
            isHelpShown = true
            helpScroll = 0
            return []
        }
        let step = screen.update(.key(key), in: chartingContext)
        charting = screen
        return apply(step)
    }

    /// What a charting screen asked for: its effects run, its news applied here.
    private mutating func apply(_ step: FeatureStep<ChartingDelegate>) -> [WorkstationEffect] {
        for delegate in step.delegates {
            switch delegate {
            case let .say(text): status = text
            case .close: charting = nil
            }
        }
        return step.effects
    }

    private var chartingContext: ChartingContext {
        ChartingContext(now: now, calendar: entryCalendar, geometry: geometry, view: layoutContext)
    }

    mutating func chartingSaved(patientID: String, outbox: OutboxStatus?, warning: String?) -> [WorkstationEffect] {
        guard let screen = charting, screen.patientID == patientID, screen.isSaving else { return [] }
        if let outbox { self.outbox = outbox }
        // One short line: the status line has the width of the terminal and no more.
        let saved = screen.savedNotice(demo: session.mode == .demo)
        // An audit warning must stay until the user moves on: only a plain notice gives way.
        notice = warning.map { Notice(saved + "; " + $0) } ?? Notice(saved, kind: .savedPending)
        charting = nil
        // A refresh may have moved the selection to someone else while the form was open:
        // "saved" must never sit over another patient's chart.
        if chart?.patientID != patientID { return reopenChart(screen.chart) }
        // The new (or corrected) round is the newest row: highlight it, not whatever moved into the old place.
        chart?[VitalsState.self]?.selectedRound = 0
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
        return highlighted + updateList(.reload(announcingRises: false)) + tabs.map { .loadChart(patientID: origin.patientID, $0) }
    }

    /// The outbox refused: the screen goes back to its confirm step, everything kept.
    mutating func chartingFailed(patientID: String, message: String) -> [WorkstationEffect] {
        guard var screen = charting, screen.patientID == patientID, screen.isSaving else { return [] }
        let step = screen.update(.saveFailed(message), in: chartingContext)
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

extension WorkstationState {
    /// `r` on the MAR: the dose form for the chosen dose. The wristband must match the chart's
    /// MRN, read from the loaded summary (never a guess), unless the ward turned the check off.
    mutating func openDoseForm(_ dose: ScheduledDose) -> [WorkstationEffect] {
        guard let chart, let list = chart[MedicationsState.self]?.list.value, let record = list.record else { return [] }
        guard isSummaryLoaded(chart, key: "r"), let summary = chart.summary.value else { return [] }
        let patient = summary.banner.patient
        charting = .dose(DoseFormState(
            chart: chart, dose: dose, record: record, allergen: list.allergyConflicts[dose.request.id],
            chartMRN: patient.identifierLabel == nil ? patient.mrn : nil, wristbandCheck: session.wristbandCheck))
        return []
    }

    /// A dose the cache shows given meanwhile: the dose form (still saving it) asks again.
    mutating func doseGivenMeanwhile(patientID: String, _ earlier: MedicationAdministration) -> [WorkstationEffect] {
        guard case var .dose(form)? = charting, form.chart.patientID == patientID, form.step == .saving else { return [] }
        form.givenMeanwhile(earlier)
        charting = .dose(form)
        status = form.failure
        return []
    }

    /// `x` on the MAR: mark what was recorded for the chosen dose entered in error, with the
    /// same rule as vital signs for another person's record (`correct_others`).
    mutating func openDoseCorrection(_ dose: ScheduledDose) -> [WorkstationEffect] {
        guard let chart, let record = chart[MedicationsState.self]?.list.value?.record else { return [] }
        guard let administration = dose.administration else {
            status = StatusText.noDoseToMark
            return []
        }
        guard session.isOwn(administration.performer) || session.mayCorrectOthers else {
            status = StatusText.onlyItsAuthor(administration.performer)
            return []
        }
        status = nil
        charting = .dose(DoseFormState(chart: chart, dose: dose, record: record, correcting: administration))
        return []
    }
}
