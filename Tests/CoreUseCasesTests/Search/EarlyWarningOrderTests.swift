import CoreDomain
import CoreUseCases
import Foundation
import Testing

/// `s` on the list: who is deteriorating first. Highest band, then total, then the round due
/// soonest; patients without a score after every scored one; a search still filters.
@Suite struct EarlyWarningOrderTests {
    static func entry(_ id: String, bed: String, _ warning: EarlyWarning?) -> PatientListEntry {
        var entry = Make.entry(Make.patient(id, family: "Patient", given: [id]), ward: "4W", bed: bed)
        entry.earlyWarning = warning
        return entry
    }

    static func warning(_ total: Int, _ band: EarlyWarning.Band, due minutes: Double?) -> EarlyWarning {
        EarlyWarning(total: total, band: band, taken: Make.t0, nextDue: minutes.map { Make.t0 + $0 * 60 })
    }

    static let census = [
        entry("a", bed: "1", warning(2, .low, due: 240)),
        entry("b", bed: "2", nil),
        entry("c", bed: "3", warning(3, .lowMedium, due: 60)),
        entry("d", bed: "4", warning(7, .high, due: nil)),
        entry("e", bed: "5", warning(5, .medium, due: 30)),
        entry("f", bed: "6", warning(5, .medium, due: 10)),
        entry("g", bed: "7", warning(2, .low, due: 120)),
    ]

    @Test func highestRiskFirstThenTheRoundDueSoonestThenUnscored() {
        let index = PatientSearchIndex(entries: Self.census)
        #expect(index.page(for: PatientSearch(byEarlyWarning: true)).entries.map(\.id) == ["d", "f", "e", "c", "g", "a", "b"])
        #expect(index.page(for: PatientSearch()).entries.map(\.id) == ["a", "b", "c", "d", "e", "f", "g"], "by bed otherwise")
    }

    @Test func aSearchAndAPageKeepTheRiskOrder() {
        let index = PatientSearchIndex(entries: Self.census)
        let page = index.page(for: PatientSearch(byEarlyWarning: true, offset: 1, limit: 2))
        #expect(page.entries.map(\.id) == ["f", "e"])
        #expect(page.total == 7)
        #expect(index.page(for: PatientSearch(text: "patient", byEarlyWarning: true, limit: 1)).entries.map(\.id) == ["d"])
    }

    @Test func aNewScoreMovesThePatient() {
        var index = PatientSearchIndex(entries: Self.census)
        index = index.replacing(Self.entry("b", bed: "2", Self.warning(9, .high, due: nil)))
        #expect(index.page(for: PatientSearch(byEarlyWarning: true, limit: 2)).entries.map(\.id) == ["b", "d"])
    }
}
