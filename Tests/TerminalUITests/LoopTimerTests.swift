import Foundation
import Testing
@testable import TerminalUI

@Suite struct LoopTimerTests {
    private let base = Date(timeIntervalSince1970: 1_749_999_980) // 20 s past a minute

    @Test func sleepsUntilTheNextMinute() {
        #expect(LoopTimer.timeout(now: base, deadline: nil) == 40_000)
        #expect(LoopTimer.timeout(now: base.addingTimeInterval(39.9995), deadline: nil) == 1)
    }

    @Test func anEarlierDeadlineWins() {
        #expect(LoopTimer.timeout(now: base, deadline: base.addingTimeInterval(5)) == 5_000)
        #expect(LoopTimer.timeout(now: base, deadline: base.addingTimeInterval(300)) == 40_000)
    }

    @Test func aPassedDeadlineMeansNoWait() {
        #expect(LoopTimer.timeout(now: base, deadline: base.addingTimeInterval(-10)) == 0)
    }
}
