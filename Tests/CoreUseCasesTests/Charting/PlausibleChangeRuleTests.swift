import CoreDomain
import CoreUseCases
import Foundation
import Testing

/// A weight that changed by more than a body can in the time is asked about, not taken as read.
@Suite struct PlausibleChangeRuleTests {
    private let now = Date(timeIntervalSince1970: 1_790_000_000)

    private func weight(_ kilograms: String, daysAgo: Double) -> VitalReading {
        VitalReading(sign: .weight, effective: now.addingTimeInterval(-daysAgo * 86_400),
                     value: .single(Quantity(value: Decimal(string: kilograms)!, unit: "kg", ucumCode: "kg")), flag: .normal, observationIDs: [])
    }

    private func doubts(_ new: VitalReading, last: VitalReading?) -> [PlausibleChangeRule.Doubt] {
        PlausibleChangeRule.doubts([new]) { $0 == .weight ? last : nil }
    }

    @Test func oneKilogramAfterOneHundredIsAskedAbout() {
        let found = doubts(weight("1", daysAgo: 0), last: weight("100.3", daysAgo: 2))
        #expect(found.map(\.name) == ["weight"])
        #expect(found.first?.previous == weight("100.3", daysAgo: 2))
    }

    @Test func aChangeWithinTenPercentOrAfterAWeekIsNot() {
        #expect(doubts(weight("95", daysAgo: 0), last: weight("100.3", daysAgo: 2)).isEmpty)
        #expect(doubts(weight("80", daysAgo: 0), last: weight("100.3", daysAgo: 9)).isEmpty)
        #expect(doubts(weight("80", daysAgo: 0), last: nil).isEmpty)
    }

    @Test func theBoundaryIsTenPercentOfTheLastValue() {
        #expect(doubts(weight("110", daysAgo: 0), last: weight("100", daysAgo: 1)).isEmpty, "exactly 10%")
        #expect(!doubts(weight("110.1", daysAgo: 0), last: weight("100", daysAgo: 1)).isEmpty)
        #expect(!doubts(weight("89.9", daysAgo: 0), last: weight("100", daysAgo: 1)).isEmpty)
    }
}
