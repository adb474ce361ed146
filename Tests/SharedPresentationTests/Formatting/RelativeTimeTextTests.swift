import Foundation
import SharedPresentation
import Testing

@Suite struct RelativeTimeTextTests {
    let now = Clock.at(2025, 6, 28, 14, 5)

    func ago(_ seconds: TimeInterval) -> String { RelativeTimeText.format(now - seconds, now: now) }

    @Test func underAMinuteEitherWayIsJustNow() {
        #expect(ago(0) == "just now")
        #expect(ago(59) == "just now")
        #expect(ago(-30) == "just now")
    }

    @Test func roundsDownToMinutesHoursDays() {
        #expect(ago(60) == "1 min ago")
        #expect(ago(5 * 60 + 59) == "5 min ago")
        #expect(ago(3599) == "59 min ago")
        #expect(ago(3600) == "1 h ago")
        #expect(ago(2 * 3600 + 1800) == "2 h ago")
        #expect(ago(86_399) == "23 h ago")
        #expect(ago(3 * 86_400 + 7200) == "3 d ago")
        #expect(ago(400 * 86_400) == "400 d ago")
    }

    @Test func theFutureReadsIn() {
        #expect(ago(-5 * 60) == "in 5 min")
        #expect(ago(-2 * 86_400) == "in 2 d")
    }
}
