import CoreDomain
import Foundation
import Testing
@testable import SharedPresentation

/// After a sync's reload, patients with a critical result newer than their row had are named
/// by bed only, in one neutral line beside any NEWS2 rise (issue 31).
@Suite struct CriticalResultNoticeTests {
    static func row(_ id: String, bed: String, critical: Date?) -> PatientListEntry {
        var entry = NEWS2RiseTests.row(id, bed: bed, nil)
        entry.newestCriticalResult = critical
        return entry
    }

    @Test func aNewCriticalResultIsNamedByBed() {
        let before = [Self.row("a", bed: "12", critical: nil), Self.row("b", bed: "14", critical: Census.now - 86_400)]
        let after = [Self.row("a", bed: "12", critical: Census.now), Self.row("b", bed: "14", critical: Census.now - 86_400)]
        #expect(CriticalResultNotice.notice(from: before, to: after) == "Bed 4W-12: critical result")
        #expect(CriticalResultNotice.notice(from: after, to: after) == nil, "nothing newer")
        let newer = [Self.row("a", bed: "12", critical: Census.now), Self.row("b", bed: "14", critical: Census.now)]
        #expect(CriticalResultNotice.notice(from: after, to: newer) == "Bed 4W-14: critical result", "a newer one than the row had")
    }

    @Test func aPatientNotListedBeforeIsNotAnnounced() {
        #expect(CriticalResultNotice.notice(from: [], to: [Self.row("a", bed: "12", critical: Census.now)]) == nil)
    }

    @Test func severalAreThreeBedsAndHowManyMore() {
        let before = (1...5).map { Self.row("p\($0)", bed: "\($0)", critical: nil) }
        let after = (1...5).map { Self.row("p\($0)", bed: "\($0)", critical: Census.now) }
        #expect(CriticalResultNotice.notice(from: before, to: after) == "Beds 4W-1, 4W-2, 4W-3 and 2 more: critical results")
    }

    /// The row's `C`: in the critical style while the result is as recent as the Summary's.
    @Test func theListRowCarriesCWhileTheResultIsRecent() {
        var entry = Self.row("a", bed: "12", critical: Census.now - 71 * 3600)
        let context = ViewContext(now: Census.now, timeZone: TimeZone(identifier: "UTC")!, unicode: true) { _ in "" }
        let row = PatientListView.row(entry, width: 23, context: context)
        #expect(row.spans.contains { $0.text == "C" && $0.role == .critical }, "\(row.plainText)")
        entry.newestCriticalResult = Census.now - 73 * 3600
        #expect(!PatientListView.row(entry, width: 23, context: context).plainText.hasSuffix("C"), "past 72 hours")
    }

    /// With a NEWS2 rise in the same reload, both are said on the one status line.
    @Test func aSyncsReloadSaysItBesideANEWS2Rise() {
        var state = Census.state()
        var changed = state.patients.window
        changed[1].earlyWarning = EarlyWarning(total: 8, band: .high, taken: Census.now, nextDue: nil)
        changed[2].newestCriticalResult = Census.now
        #expect(state.update(.sync(.finished(at: Census.now))) == Census.syncRefresh(chart: "p0"))
        #expect(state.update(.list(.loaded(state.currentSearch, PatientPage(entries: changed, total: state.patients.total)))).isEmpty)
        let status = state.notice?.text ?? ""
        #expect(status.contains(": NEWS2 high · Bed ") && status.hasSuffix(": critical result"), "\(status)")
        #expect(!status.contains(changed[2].patient.name.family ?? "-"), "a bed, never a name")
        #expect(state.notice?.tone == .critical, "a critical result is said in the loudest style")
    }
}
