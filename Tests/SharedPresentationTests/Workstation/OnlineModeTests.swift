import CoreDomain
import Foundation
import Testing
@testable import SharedPresentation

/// Background syncs switch the header between ONLINE and OFFLINE, say how the last one went,
/// and refresh what is on screen without losing the user's place.
@Suite struct OnlineModeTests {
    private static func offlineState() -> WorkstationState {
        var state = Census.state()
        state.session.mode = .offline
        return state
    }

    private static func header(_ state: WorkstationState) -> String {
        let context = ViewContext(now: state.now, timeZone: TimeZone(identifier: "UTC")!, unicode: false) { _ in "" }
        return ChromeView.header(state, width: 100, context: context).plainText
    }

    @Test func aFinishedSyncGoesOnlineAndShowsItsTime() {
        var state = Self.offlineState()
        #expect(state.update(.sync(.finished(at: Census.now))) == Census.syncRefresh(chart: "p0"))
        #expect(state.session.mode == .online)
        #expect(state.sync == .synced(Census.now))
        let clock = DateTimeText.format(Census.now, now: Census.now, calendar: Calendar(identifier: .gregorian),
                                        timeZone: TimeZone(identifier: "UTC")!)
        #expect(Self.header(state).contains("ONLINE · synced \(clock)"))
    }

    /// Logged in at the server, the header names the clinician as the server knows them, not
    /// the OS account.
    @Test func theHeaderNamesTheLoggedInClinician() {
        var state = Self.offlineState()
        #expect(Self.header(state).contains(" · \(state.session.user)"))
        state.session.clinicianName = "Ada Adams"
        #expect(Self.header(state).contains(" · Ada Adams"))
        #expect(!Self.header(state).contains(" · \(state.session.user)"))
    }

    @Test func anUnreachableServerGoesOfflineWithTheErrorInTheStatusLine() {
        var state = Self.offlineState()
        #expect(state.update(.sync(.finished(at: Census.now))) == Census.syncRefresh(chart: "p0"))
        let effects = state.update(.sync(.failed("cannot reach the FHIR server", offline: true)))
        #expect(effects == [.checkOutbox], "only the outbox is counted again")
        #expect(state.session.mode == .offline)
        #expect(state.notice?.text == "sync failed: cannot reach the FHIR server")
        #expect(Self.header(state).contains("OFFLINE · sync failed"))
        #expect(ChromeView.footer(state, width: 100).plainText.contains("cannot reach the FHIR server"))
    }

    /// Entries sent before the link dropped, or a census stored before a later step failed:
    /// the pending marks and the list must not stay as they were.
    @Test func aSyncThatFailedAfterChangingTheCacheReloadsWhatIsShownButNotWhileLocked() {
        var state = ChartKeysTests.chartState()
        let effects = state.update(.sync(.failed("cannot reach the FHIR server", offline: true, cacheChanged: true)))
        #expect(effects == [
            .list(.search(state.currentSearch, isRefresh: true)), .chart(patientID: "p0", .load(.summary, isRefresh: true)), .checkOutbox,
        ])
        #expect(state.notice?.text == "sync failed: cannot reach the FHIR server")
        state.lockNow()
        #expect(state.update(.sync(.failed("cannot reach the FHIR server", offline: true, cacheChanged: true))) == [.checkOutbox])
        #expect(state.isRefreshPending)
    }

    @Test func aRefusedSyncKeepsTheModeButSaysSo() {
        var state = Self.offlineState()
        #expect(state.update(.sync(.finished(at: Census.now))) == Census.syncRefresh(chart: "p0"))
        #expect(state.update(.sync(.failed("the server refused the request", offline: false))) == [.checkOutbox])
        #expect(state.session.mode == .online)
        #expect(state.sync == .failed("the server refused the request"))
    }

    @Test func aRetryFailingTheSameWayLeavesTheStatusLineAlone() {
        var state = Self.offlineState()
        #expect(state.update(.sync(.failed("cannot reach the FHIR server", offline: true))) == [.checkOutbox])
        state.notice = .warning("could not open this chart: try again")
        #expect(state.update(.sync(.failed("cannot reach the FHIR server", offline: true))) == [.checkOutbox])
        #expect(state.notice?.text == "could not open this chart: try again")
        #expect(state.update(.sync(.failed("the server refused the request", offline: false))) == [.checkOutbox])
        #expect(state.notice?.text == "sync failed: the server refused the request")
    }

    @Test func theNextGoodSyncClearsTheSyncError() {
        var state = Self.offlineState()
        #expect(state.update(.sync(.failed("cannot reach the FHIR server", offline: true))) == [.checkOutbox])
        #expect(state.update(.sync(.finished(at: Census.now))) == Census.syncRefresh(chart: "p0"))
        #expect(state.notice?.text == nil)
        #expect(state.session.mode == .online)
    }

    @Test func aSyncReloadsTheListWindowAndKeepsTheSelection() {
        var state = Self.offlineState()
        #expect(state.press(.down, .down) == Census.opened("p1", "p2"))
        #expect(state.update(.sync(.finished(at: Census.now))) == Census.syncRefresh(chart: "p2"))
        #expect(state.update(.list(.loaded(state.currentSearch, PatientPage(entries: (0..<31).map { Census.entry($0) }, total: 31)))).isEmpty)
        #expect(state.patients.total == 31)
        #expect(state.patients.selectedEntry?.id == "p2")
    }

    @Test func aSyncThatReordersTheListKeepsTheSelectedPatientAndTheirChart() {
        var state = Self.offlineState()
        #expect(state.press(.down, .down) == Census.opened("p1", "p2"))
        #expect(state.chart?.patientID == "p2")
        #expect(state.update(.sync(.finished(at: Census.now))) == Census.syncRefresh(chart: "p2"))
        // An admission sorts above everyone: every row moves down by one.
        let entries = [Census.entry(99, family: "Aardvark")] + (0..<30).map { Census.entry($0) }
        let effects = state.update(.list(.loaded(state.currentSearch, PatientPage(entries: entries, total: 31))))
        #expect(state.patients.selectedEntry?.id == "p2")
        #expect(state.chart?.patientID == "p2")
        #expect(effects.isEmpty, "no other chart opened (and audited)")
    }

    @Test func aSyncReloadsTheOpenChartOnTheSamePatientAndTab() {
        var state = ChartKeysTests.chartState()
        state.session.mode = .offline
        #expect(state.press(.character("3")) == [.chart(patientID: "p0", .load(.vitals))])
        #expect(state.update(.chart(patientID: "p0", .loaded(ChartContent(VitalsState.self, [])))).isEmpty)
        let effects = state.update(.sync(.finished(at: Census.now)))
        #expect(effects == [
            .list(.search(state.currentSearch, isRefresh: true)),
            .chart(patientID: "p0", .load(.summary, isRefresh: true)), .chart(patientID: "p0", .load(.vitals, isRefresh: true)),
            .checkOutbox,
        ])
        #expect(state.chart?.patientID == "p0")
        #expect(state.chart?.tab == .vitals)
        #expect(state.chart?[VitalsState.self]?.history == .loaded([]), "the old content stays until the new arrives")
    }

    @Test func aSyncWhileLockedReloadsNothingUntilUnlock() {
        var state = ChartKeysTests.chartState()
        state.lockNow()
        #expect(state.update(.sync(.finished(at: Census.now))) == [.checkOutbox], "only the outbox count, no patient data")
        #expect(state.session.mode == .online)
        let effects = state.update(.lock(.unlockResult(succeeded: true, message: nil)))
        #expect(effects == [.list(.search(state.currentSearch, isRefresh: true)), .chart(patientID: "p0", .load(.summary, isRefresh: true))])
        #expect(state.update(.lock(.unlockResult(succeeded: true, message: nil))).isEmpty, "the refresh happens once")
    }

    /// A sync that takes the patient being read off the list used to put the next patient's
    /// chart in its place under the nurse's eyes: the chart being read stays until the nurse
    /// goes back to the list; the list's own patient then opens, as a new access.
    @Test func aSyncThatPutsAnotherPatientUnderTheSelectionLeavesTheChartBeingRead() {
        var state = ChartKeysTests.chartState()
        #expect(state.update(.sync(.finished(at: Census.now))) == Census.syncRefresh(chart: "p0"))
        let moved = state.update(.list(.loaded(state.currentSearch, PatientPage(entries: [Census.entry(1)], total: 1))))
        #expect(moved.isEmpty, "no chart swapped under a nurse reading one")
        #expect(state.chart?.patientID == "p0")
        #expect(state.press(.escape).isEmpty)
        #expect(state.press(.up) == Census.opened("p1"), "another patient on screen is audited, not a refresh")
    }
}
