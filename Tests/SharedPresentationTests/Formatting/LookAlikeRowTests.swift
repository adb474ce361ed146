import CoreDomain
import CoreUseCases
import Foundation
import Testing
@testable import SharedPresentation

/// Look-alike patients never read alike: family names whole, the mark on both rows, the alert on both charts.
@Suite struct LookAlikeRowTests {
    static let context = ViewContext(now: Census.now, timeZone: Charted.utc, unicode: true) { _ in "" }

    static func entry(_ id: String, _ family: String, _ given: String, bed: String, alike: Bool = true) -> PatientListEntry {
        var entry = PatientListEntry(
            patient: Patient(id: id, mrn: "MRN-\(id)", name: PersonName(family: family, given: [given]), gender: .female),
            location: BedLocation(ward: "7A", bed: bed))
        entry.hasLookAlike = alike
        return entry
    }

    @Test func atTheDesignSizeTheFamilyNameStaysWholeAndBothRowsCarryTheMark() {
        let rows = [Self.entry("a", "Gonzalez", "Rebecca", bed: "01"), Self.entry("b", "Gonzales", "Rebekah", bed: "02")]
            .map { PatientListView.row($0, width: 23, context: Self.context).plainText }
        #expect(rows[0].hasPrefix("Gonzalez, R") && rows[1].hasPrefix("Gonzales, R"), "\(rows)")
        #expect(rows.allSatisfy { $0.contains("≈") && DisplayWidth.cells($0) <= 23 })
        #expect(rows[0] != rows[1])
    }

    /// With a score and every neutral mark the name is a cell short of "Gonzalez, R": the
    /// initial stays, so two look-alike rows never read as one name.
    @Test func aFullRowKeepsTheInitialOfALookAlike() {
        var entry = Self.entry("a", "Gonzalez", "Rebecca", bed: "05")
        entry.hasAbnormalVital = true
        entry.hasNewResults = true
        entry.earlyWarning = EarlyWarning(total: 8, band: .high, taken: Census.now, nextDue: nil)
        entry.openDoses = OpenDoses(doses: [.init(time: Census.now.addingTimeInterval(-7200))], window: 3600, until: Census.now.addingTimeInterval(86_400))
        let row = PatientListView.row(entry, width: 23, context: Self.context).plainText
        #expect(row == "Gonzalez R 7A-05 8H≈R!D", "\(row)")
    }

    @Test func withoutUnicodeTheMarkIsATilde() {
        let ascii = ViewContext(now: Census.now, timeZone: Charted.utc, unicode: false) { _ in "" }
        #expect(PatientListView.row(Self.entry("a", "Gonzalez", "Rebecca", bed: "01"), width: 23, context: ascii).plainText.contains("~"))
    }

    @Test func anUnflaggedRowHasNoMark() {
        let row = PatientListView.row(Self.entry("c", "Garcia", "Luis", bed: "03", alike: false), width: 23, context: Self.context).plainText
        #expect(!row.contains("≈"))
    }

    @Test func theBannerOfEachSaysNameAlert() {
        let chart = ChartState(listEntry: Self.entry("a", "Gonzalez", "Rebecca", bed: "01"))
        let banner = BannerView.lines(for: chart, width: 50, context: Self.context).map(\.plainText).joined(separator: " ")
            .split(separator: " ").joined(separator: " ")
        #expect(banner.contains("NAME ALERT: another patient with a similar name on this census"))
        let plain = ChartState(listEntry: Self.entry("c", "Garcia", "Luis", bed: "03", alike: false))
        #expect(!BannerView.lines(for: plain, width: 50, context: Self.context).map(\.plainText).joined().contains("NAME ALERT"))
    }
}
