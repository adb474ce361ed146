import CoreDomain
import CoreUseCases
import Foundation
import Testing
@testable import SharedPresentation

@Suite struct VitalsFormKeysTests {
    @Test(arguments: [ChartTab.summary, .vitals])
    func aOpensTheFormForTheChartsPatientAtHeartRate(_ tab: ChartTab) {
        var state = Charted.state(tab: tab)
        #expect(state.press(.character("a")).isEmpty)
        #expect(state.form?.patientID == "p0")
        #expect(state.form?.focus == .heartRate)
        #expect(state.form?.step == .editing)
    }

    @Test(arguments: [ChartTab.encounters, .medications])
    func aDoesNothingOnOtherTabs(_ tab: ChartTab) {
        var store = TestStore(Charted.state(tab: tab))
        store.press(.character("a"))
    }

    @Test func fromTheListSideBySideAChartsForTheSelectedPatientButNotInSinglePaneView() {
        var split = TestStore(Charted.state())
        split.press(.escape) { $0.focus = .list }
        split.press(.character("a")) { $0.charting = $0.opening(VitalsFormState(chart: $0.chart!)) }
        #expect(split.state.form?.patientID == "p0")

        var single = Charted.state()
        #expect(single.update(.resized(columns: 60, rows: 20)).isEmpty)
        #expect(single.press(.escape, .character("a")).isEmpty)
        #expect(single.charting == nil)
    }

    @Test func theFormWaitsForTheLoadedBanner() {
        var store = TestStore(Census.state())
        store.press(.enter) { $0.focus = .chart }
        store.press(.character("a")) { $0.notice = StatusText.chartStillLoading(press: "a") }
        #expect(store.state.notice?.text.contains("still loading") == true)
    }

    @Test func aChartThatFailedToLoadSaysToOpenItAgainNotToWait() {
        var state = Census.state()
        #expect(state.press(.enter).isEmpty)
        #expect(state.update(.chart(patientID: "p0", .failed(.summary, "could not open this chart: the cache is damaged"))).isEmpty)
        #expect(state.press(.character("a")).isEmpty)
        #expect(state.charting == nil)
        #expect(state.notice?.text == "this chart did not load, so nothing can be charted: open it again from the list")
    }

    /// On room air the device, flow and FiO2 are not asked: Tab passes from Oxygen to weight.
    @Test func tabAndShiftTabWalkEveryFieldInOrderAndWrap() {
        var state = Charted.state()
        #expect(state.press(.character("a")).isEmpty)
        var visited: [VitalsField] = []
        for _ in 1...10 {
            #expect(state.press(.tab).isEmpty)
            visited.append(state.form!.focus)
        }
        #expect(visited == [.systolic, .diastolic, .temperature, .respiratoryRate, .oxygenSaturation, .oxygen, .weight, .painScore, .consciousness, .time])
        #expect(state.press(.tab).isEmpty)
        #expect(state.form?.focus == .heartRate)
        #expect(state.press(.backTab).isEmpty)
        #expect(state.form?.focus == .time)
        #expect(state.press(.down, .down, .up).isEmpty)
        #expect(state.form?.focus == .heartRate)
    }

    /// On O2 the device, flow and FiO2 follow Oxygen, in that order (the device sets the flow's
    /// range); back to room air, they leave the Tab order again.
    @Test func onO2TabPassesTheDeviceFlowAndFiO2() {
        var state = Charted.state()
        #expect(state.press(.character("a")).isEmpty)
        while state.form?.focus != .oxygen { #expect(state.press(.tab).isEmpty) }
        #expect(state.press(.character("o")).isEmpty)
        var visited: [VitalsField] = []
        for _ in 1...4 {
            #expect(state.press(.tab).isEmpty)
            visited.append(state.form!.focus)
        }
        #expect(visited == [.oxygenDevice, .oxygenFlow, .oxygenFraction, .weight])
        #expect(state.press(.up, .up, .up, .up, .character("r"), .tab).isEmpty)
        #expect(state.form?.focus == .weight)
    }

    @Test func theDeviceIsPickedByItsLetterOrSteppedThrough() {
        var store = TestStore(Charted.state())
        store.press(.character("a")) { $0.charting = $0.opening(VitalsFormState(chart: $0.chart!)) }
        func form(_ change: @escaping (inout VitalsFormState) -> Void) -> (inout WorkstationState) -> Void {
            { state in
                guard let screen = state.charting, var form = screen[VitalsFormState.self] else { return }
                change(&form)
                state.showForm(form)
            }
        }
        for _ in 0..<6 { store.press(.tab, form { $0.focus = $0.field(after: $0.focus, by: 1) }) }
        store.press(.character("o"), form { $0.input.onOxygen = true })
        store.press(.tab, form { $0.focus = .oxygenDevice })
        store.press(.character("h"), form { $0.input.device = .highFlowNasal })
        store.press(.character("N"), form { $0.input.device = .nasalCannula })
        store.press(.character(" "), form { $0.input.device = .simpleMask })
        store.press(.left, form { $0.input.device = .nasalCannula })
        store.press(.left, form { $0.input.device = .highFlowNasal })
        store.press(.character("x"))
        store.press(.character("9"))
        #expect(store.state.form?.input.text[.oxygenDevice] == nil, "a choice, nothing typed")
    }

    @Test func questionMarkShowsTheFormsKeysAndEscGoesBackToTheFormAsItWas() {
        var store = TestStore(Charted.state())
        store.press(.character("a")) { $0.charting = $0.opening(VitalsFormState(chart: $0.chart!)) }
        store.press(.character("7")) { state in
            guard var form = state.charting?[VitalsFormState.self] else { return }
            form.input.text[.heartRate] = "7"
            state.showForm(form)
        }
        store.press(.character("?")) { $0.isHelpShown = true }
        store.press(.escape) { $0.isHelpShown = false }
        #expect(store.state.form?.input.text[.heartRate] == "7", "nothing typed was lost, no '?' was typed")
    }

    @Test func everyKeyTypesIntoTheFieldNothingQuitsOrLocks() {
        var state = Charted.state()
        #expect(state.press(.character("a")).isEmpty)
        #expect(state.type("qL1x").isEmpty)
        #expect(state.form?.input.text[.heartRate] == "qL1x")
        #expect(!state.isHelpShown && !state.lock.isLocked && !state.isQuitConfirmPending)
        #expect(state.press(.backspace).isEmpty)
        #expect(state.form?.input.text[.heartRate] == "qL1")
        #expect(state.press(.control("u")).isEmpty)
        #expect(state.form?.input.text[.heartRate] == "")
        #expect(state.type(String(repeating: "9", count: 30)).isEmpty)
        #expect(state.form?.input.text[.heartRate]?.count == VitalsFormState.maximumLength(.heartRate))
        #expect(state.press(.backTab).isEmpty)
        #expect(state.type("2026-06-27 14:05:59").isEmpty)
        #expect(state.form?.input.text[.time] == "2026-06-27 14:05", "a full date and time fits the time field")
    }

    /// Nothing chosen until the nurse chooses (room air was the default): the first step of
    /// Space or an arrow chooses room air, the next O2.
    @Test func theOxygenFieldIsAChoice() {
        var state = Charted.state()
        #expect(state.press(.character("a")).isEmpty)
        #expect(state.form?.input.onOxygen == nil)
        while state.form?.focus != .oxygen { #expect(state.press(.tab).isEmpty) }
        #expect(state.press(.character(" ")).isEmpty)
        #expect(state.form?.input.onOxygen == false)
        #expect(state.press(.right).isEmpty)
        #expect(state.form?.input.onOxygen == true)
        #expect(state.press(.character("r")).isEmpty)
        #expect(state.form?.input.onOxygen == false)
        #expect(state.press(.character("o"), .character("9")).isEmpty)
        #expect(state.form?.input.onOxygen == true)
        #expect(state.form?.input.text[.oxygen] == nil)
    }

    @Test func enterWithBadValuesShowsEachMessageAndMovesToTheFirst() {
        var state = Charted.state()
        #expect(state.press(.character("a")).isEmpty)
        #expect(state.type("abc").isEmpty)
        #expect(state.press(.tab).isEmpty)
        #expect(state.type("300").isEmpty)
        #expect(state.press(.tab).isEmpty)
        #expect(state.type("200").isEmpty)
        #expect(state.press(.tab).isEmpty)
        #expect(state.type("120").isEmpty)
        #expect(state.press(.enter).isEmpty)
        #expect(state.form?.refusals == [
            .heartRate: "heart rate must be a whole number, 20-300 /min",
            .diastolic: "diastolic must be 20-180 mmHg",
            .temperature: "temperature must be 25-45 °C (77-113 °F)",
        ])
        #expect(state.form?.focus == .heartRate)
        #expect(state.form?.step == .editing)
        #expect(state.notice?.text == "3 values refused: correct them or clear them (Ctrl-U)")
        #expect(state.press(.control("u")).isEmpty)
        #expect(state.type("8").isEmpty)
        #expect(state.form?.refusals[.heartRate] == nil, "editing a field clears its message")
    }

    @Test func enterOnAnEmptyFormSaysNothingWasEntered() {
        var state = Charted.state()
        #expect(state.press(.character("a"), .enter).isEmpty)
        #expect(state.form?.step == .editing)
        #expect(state.notice?.text == VitalsChartingError.nothingEntered.errorDescription)
    }

    /// Heart rate 130 at 13:30 UTC, then Enter: the confirm step.
    private static func confirming() -> WorkstationState {
        var state = Charted.state()
        #expect(state.press(.character("a")).isEmpty)
        #expect(state.type("130").isEmpty)
        #expect(state.press(.backTab).isEmpty)
        #expect(state.type("13:30").isEmpty)
        #expect(state.press(.enter).isEmpty, "the confirm step saves nothing yet")
        return state
    }

    /// What Enter at `confirming()`'s confirm step saves: heart rate 130 at 13:30 UTC, once.
    private static let save: [WorkstationEffect] = [
        .charting(RecordVitalsSave(VitalsEntry(patientID: "p0", effective: ISO8601DateFormatter().date(from: "2026-09-21T13:30:00Z")!, heartRate: 130)).effect),
    ]

    @Test func enterWithGoodValuesShowsTheConfirmStepAndSavesNothingYet() throws {
        let state = Self.confirming()
        guard state.form?.step == .confirming, let review = state.form?.review else {
            Issue.record("not at the confirm step: \(String(describing: state.form?.step))")
            return
        }
        let thirteenThirty = try #require(ISO8601DateFormatter().date(from: "2026-09-21T13:30:00Z"))
        #expect(review.entry == VitalsEntry(patientID: "p0", effective: thirteenThirty, heartRate: 130))
        #expect(review.abnormal.map(\.flag) == [.high])
    }

    @Test func escAtTheConfirmStepGoesBackWithTheValuesAndSavesNothing() {
        var state = Self.confirming()
        #expect(state.press(.escape).isEmpty)
        #expect(state.form?.step == .editing)
        #expect(state.form?.input.text[.heartRate] == "130")
    }

    @Test func enterAtTheConfirmStepSavesOnceAndSaysSavedOnlyWhenTheOutboxAnswers() {
        var state = Self.confirming()
        #expect(state.press(.enter) == Self.save)
        #expect(state.notice?.text == "saving…")
        #expect(state.press(.enter, .escape, .character("q")).isEmpty, "a second Enter never saves twice")
        #expect(state.form != nil)

        let reload = state.update(.charting(patientID: "p0", .saved(outbox: OutboxStatus(pending: 1))))
        #expect(state.charting == nil)
        #expect(state.notice?.text == "saved 1 value, stays pending in the demo (no server)")
        #expect(state.unsyncedCount == 1)
        // A reload of the chart the nurse has open: the charting itself is what is audited.
        #expect(reload == Charted.reloaded())
    }

    @Test func aSaveAfterARefreshMovedTheSelectionReopensTheChartedPatientsChart() throws {
        var state = Self.confirming()
        let tab = try #require(state.chart?.tab)
        #expect(state.press(.enter) == Self.save)
        #expect(state.open(Census.entry(1)) == Census.opened("p1"))
        state.patients.select(1, visibleRows: state.listVisibleRows)
        #expect(state.chart?.patientID == "p1", "a refresh opened someone else's chart under the form")
        let effects = state.update(.charting(patientID: "p0", .saved(outbox: OutboxStatus(pending: 1))))
        #expect(state.notice?.text == "saved 1 value, stays pending in the demo (no server)")
        #expect(state.chart?.patientID == "p0" && state.chart?.tab == tab)
        #expect(state.patients.selectedEntry?.id == "p0", "the list highlights whose chart is shown")
        #expect(effects == [.list(.search(state.currentSearch, isRefresh: true)), .chart(patientID: "p0", .load(.summary))],
                "the list read again, and a chart opened again is a view, audited; nothing of p1's")
    }

    @Test func theSavedNoticeGivesWayOnceTheServerHasEverything() {
        var state = Self.confirming()
        state.session.mode = .online
        #expect(state.press(.enter) == Self.save)
        #expect(state.update(.charting(patientID: "p0", .saved(outbox: OutboxStatus(pending: 1)))) == Charted.reloaded())
        #expect(state.update(.outbox(.changed(OutboxStatus(pending: 1)))).isEmpty)
        #expect(state.notice?.text == "saved 1 value, pending until the server has it", "still pending: the notice stays")
        #expect(state.update(.outbox(.changed(OutboxStatus()))).isEmpty)
        #expect(state.notice?.text == "all charted entries are on the server")
        state.notice = .warning("sync failed: no answer")
        #expect(state.update(.outbox(.changed(OutboxStatus()))).isEmpty)
        #expect(state.notice?.text == "sync failed: no answer", "only the save's own notice is replaced")
    }

    @Test func aSaveThatLandsWhileLockedReloadsTheChartOnlyAtUnlock() {
        var state = Self.confirming()
        #expect(state.press(.enter) == Self.save)
        state.lockNow()
        #expect(state.update(.charting(patientID: "p0", .saved(outbox: nil))).isEmpty)
        #expect(state.charting == nil)
        #expect(state.update(.lock(.unlockResult(succeeded: true, message: nil))) == Charted.reloaded())
    }

    @Test func outsideTheDemoSavedSaysPendingUntilTheServerHasIt() {
        var state = Self.confirming()
        state.session.mode = .offline
        #expect(state.press(.enter) == Self.save)
        #expect(state.update(.charting(patientID: "p0", .saved(outbox: nil))) == Charted.reloaded())
        #expect(state.notice?.text == "saved 1 value, pending until the server has it")
    }

    @Test func aFailedSaveReturnsToTheConfirmStepWithTheValuesKept() {
        var state = Self.confirming()
        #expect(state.press(.enter) == Self.save)
        #expect(state.update(.charting(patientID: "p0", .saveFailed("the cache is full: free disk space"))).isEmpty)
        guard case .confirming? = state.form?.step else {
            Issue.record("not back at the confirm step")
            return
        }
        #expect(state.notice?.text == "not saved: the cache is full: free disk space")
        #expect(state.form?.failure == "not saved: the cache is full: free disk space", "shown whole at the confirm step too")
        #expect(state.press(.enter).count == 1, "Enter tries again")
        #expect(state.form?.failure == nil)
    }

    @Test func theArrowsScrollTheConfirmStepWhichOpensAtTheTopAndAFailureScrollsBackUp() {
        var state = Self.confirming()
        // On the narrowest screen the values take more rows than the step has.
        #expect(state.update(.resized(columns: 40, rows: 12)).isEmpty)
        #expect(state.charting?.position.offset == 0)
        #expect(state.press(.down, .down).isEmpty)
        #expect(state.charting?.position.offset == 2)
        #expect(state.press(.end).isEmpty)
        let last = state.charting?.position.offset ?? 0
        #expect(last > 2)
        #expect(state.press(.down, .pageDown).isEmpty)
        #expect(state.charting?.position.offset == last, "never past the last screenful")
        #expect(state.press(.up).isEmpty)
        #expect(state.charting?.position.offset == last - 1, "the first key back moves at once")
        #expect(state.press(.home).isEmpty)
        #expect(state.charting?.position.offset == 0, "never above the top")
        Self.readToTheEnd(&state)
        #expect(state.press(.enter) == Self.save)
        #expect(state.update(.charting(patientID: "p0", .saveFailed("the cache is full: free disk space"))).isEmpty)
        #expect(state.charting?.position.offset == 0, "back up to the failure that heads the step")
        #expect(state.press(.end, .escape, .enter).isEmpty)
        #expect(state.charting?.position.offset == 0, "a new check opens at the top")
    }

    /// Pages the confirm step down until its last line has been on screen.
    static func readToTheEnd(_ state: inout WorkstationState) {
        for _ in 0..<50 where state.charting?.isReadWhole == false { #expect(state.press(.pageDown).isEmpty) }
        #expect(state.charting?.isReadWhole == true)
    }

    /// Nothing is saved that was not shown: on a screen too short for the check, Enter shows
    /// the lines not yet seen (even those `G` jumped over) and saves only once every one was.
    @Test func enterOnACheckNotYetShownWholeShowsTheRestFirst() {
        var state = Self.confirming()
        #expect(state.update(.resized(columns: 40, rows: 12)).isEmpty)
        #expect(state.charting?.isReadWhole == false)
        #expect(KeyHelp.footerItems(for: state).contains("Enter more"))
        #expect(state.press(.end).isEmpty)
        var presses = 0
        while state.charting?.isReadWhole == false, presses < 50 {
            #expect(state.press(.enter).isEmpty, "Enter shows more, saves nothing")
            presses += 1
        }
        #expect(presses > 0)
        #expect(KeyHelp.footerItems(for: state).contains("Enter save"))
        #expect(state.press(.enter) == Self.save)
    }

    @Test func aResultForAnotherPatientOrWhileNotSavingChangesNothing() {
        var state = Self.confirming()
        #expect(state.update(.charting(patientID: "p0", .saved(outbox: nil))).isEmpty)
        #expect(state.form != nil, "not saving yet: a stray result is ignored")
        #expect(state.press(.enter) == Self.save)
        #expect(state.update(.charting(patientID: "p9", .saved(outbox: nil))).isEmpty)
        #expect(state.form != nil)
    }

    @Test func escLeavesAnEmptyFormAtOnceButAsksBeforeDroppingValues() {
        var empty = Charted.state()
        #expect(empty.press(.character("a"), .escape).isEmpty)
        #expect(empty.charting == nil)

        var typed = Charted.state()
        #expect(typed.press(.character("a")).isEmpty)
        #expect(typed.type("80").isEmpty)
        #expect(typed.press(.escape).isEmpty)
        #expect(typed.form != nil)
        #expect(typed.notice?.text.contains("Esc again") == true)
        // The question takes the next key as its answer: not typed into the field (the weight
        // that read `60a80`), only the question goes.
        #expect(typed.press(.character("1")).isEmpty)
        #expect(typed.form?.input.text[.heartRate] == "80", "a key other than Esc keeps the form as it was")
        #expect(typed.notice?.text == nil)
        #expect(typed.press(.character("1")).isEmpty)
        #expect(typed.form?.input.text[.heartRate] == "801", "then typing goes on")
        #expect(typed.press(.escape, .escape).isEmpty)
        #expect(typed.charting == nil)
    }

    @Test func theOutboxCountFeedsTheHeaderAndTheQuitGuard() {
        var state = Charted.state()
        #expect(state.update(.outbox(.changed(OutboxStatus(pending: 2, failed: 1)))).isEmpty)
        #expect(state.unsyncedCount == 3)
        let context = ViewContext(now: state.now, timeZone: Charted.utc, unicode: true) { _ in "" }
        #expect(ChromeView.header(state, width: 100, context: context).plainText.contains("3 unsent (1 failed)"))
        #expect(state.press(.character("q")).isEmpty)
        #expect(state.notice?.text.hasPrefix("3 unsent entries") == true)
        #expect(state.update(.outbox(.unreadable("the cache is locked"))).isEmpty)
        #expect(state.notice?.text == "unsent entries not counted: the cache is locked")
    }

    /// Online, synced, a ward and a long account name: a narrow header drops whole pieces
    /// (the user first) and never cuts the count.
    @Test func aNarrowHeaderDropsWholePiecesButNeverCutsTheUnsentCount() {
        var state = Charted.state()
        state.session.mode = .online
        state.session.wardFilter = "4W"
        state.session.user = "night-shift-nurse"
        #expect(state.update(.sync(.finished(at: state.now))) == Charted.reloaded(listing: state.currentSearch) + [.checkOutbox])
        #expect(state.update(.outbox(.changed(OutboxStatus(pending: 11, failed: 1)))).isEmpty)
        let context = ViewContext(now: state.now, timeZone: Charted.utc, unicode: true) { _ in "" }
        let wide = ChromeView.header(state, width: 120, context: context).plainText
        #expect(wide.contains("ONLINE · synced 14:13 · Ward 4W · night-shift-nurse · 12 unsent (1 failed)"))
        for width in [40, 60, 80] {
            let header = ChromeView.header(state, width: width, context: context).plainText
            #expect(DisplayWidth.cells(header) <= width)
            #expect(header.contains("ONLINE") && header.contains(" · 12 unsent (1 failed)") && header.hasSuffix("? "), "at \(width)")
        }
        #expect(!ChromeView.header(state, width: 60, context: context).plainText.contains("night-shift-nurse"))
    }

    @Test func theOutboxIsCountedAtStartAndAfterEverySync() {
        var state = Charted.state()
        #expect(state.start().contains(.checkOutbox))
        #expect(state.update(.sync(.finished(at: Census.now))).contains(.checkOutbox))
    }
}
