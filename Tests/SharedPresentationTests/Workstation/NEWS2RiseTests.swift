import CoreDomain
import Foundation
import Testing
@testable import SharedPresentation

/// After a reload, patients newly in the medium or high band are named by bed only.
@Suite struct NEWS2RiseTests {
    static func row(_ id: String, bed: String, _ band: EarlyWarning.Band?) -> PatientListEntry {
        var entry = Census.entry(0)
        entry.patient.id = id
        entry.location = BedLocation(ward: "4W", bed: bed)
        entry.earlyWarning = band.map { EarlyWarning(total: $0 == .high ? 7 : 5, band: $0, taken: Census.now, nextDue: nil) }
        return entry
    }

    @Test func aPatientRisingToHighIsNamedByBedAndBand() {
        let before = [Self.row("a", bed: "12", .low), Self.row("b", bed: "14", nil)]
        let after = [Self.row("a", bed: "12", .high), Self.row("b", bed: "14", nil)]
        #expect(NEWS2Rise.notice(from: before, to: after) == "Bed 4W-12: NEWS2 high")
    }

    @Test func onlyARiseIntoMediumOrHighSaysAnything() {
        let before = [Self.row("a", bed: "12", .high), Self.row("b", bed: "14", .low)]
        #expect(NEWS2Rise.notice(from: before, to: before) == nil, "unchanged")
        #expect(NEWS2Rise.notice(from: before, to: [Self.row("a", bed: "12", .medium), Self.row("b", bed: "14", .lowMedium)]) == nil,
                "falling, or rising below medium")
    }

    @Test func severalBedsAreListedThreeAtMost() {
        let before = (1...5).map { Self.row("p\($0)", bed: "\($0)", nil) }
        let after = (1...5).map { Self.row("p\($0)", bed: "\($0)", $0 == 1 ? .high : .medium) }
        #expect(NEWS2Rise.notice(from: before, to: after) == "Beds 4W-1, 4W-2, 4W-3 and 2 more: NEWS2 medium or high")
    }

    @Test func aSyncsReloadAnnouncesItOnTheStatusLine() {
        var state = Census.state()
        let before = state.patients.window
        var risen = before
        risen[1].earlyWarning = EarlyWarning(total: 8, band: .high, taken: Census.now, nextDue: nil)
        let reload = state.update(.sync(.finished(at: Census.now)))
        #expect(reload == Census.syncRefresh(chart: "p0"), "a sync reloads the list")
        let arrived = state.update(.list(.loaded(state.currentSearch, PatientPage(entries: risen, total: state.patients.total))))
        #expect(arrived.isEmpty, "the chart beside the list stays as it was")
        #expect(state.notice?.text.hasSuffix(": NEWS2 high") == true, "\(String(describing: state.notice?.text))")
        #expect(state.notice?.text.contains(before[1].patient.name.family ?? "-") == false, "a bed, never a name")
        #expect(state.notice?.tone == .warning, "a rise alone is a warning, not a critical result")
    }
}
