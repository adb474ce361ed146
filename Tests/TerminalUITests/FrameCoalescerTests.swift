import Foundation
import Testing
@testable import TerminalUI

@Suite struct FrameCoalescerTests {
    private let start = Date(timeIntervalSince1970: 1_750_000_000)

    /// Whether `hold` presents at `seconds` after `start`.
    private func presents(_ hold: inout FrameCoalescer, after seconds: TimeInterval) -> Bool {
        hold.presentNow(at: start.addingTimeInterval(seconds))
    }

    @Test func aFrameWithNothingRunningGoesOutAtOnce() {
        var hold = FrameCoalescer(window: 0.03)
        let presented = presents(&hold, after: 0)
        #expect(presented)
        #expect(hold.deadline == nil)
    }

    @Test func aFrameWaitsForItsEffectsThenGoesOutWhenTheyFinish() {
        var hold = FrameCoalescer(window: 0.03)
        let pending = hold.pending
        pending.started()
        let atOnce = presents(&hold, after: 0)
        #expect(!atOnce)
        #expect(hold.deadline == start.addingTimeInterval(0.03))
        // Another event inside the window does not move the deadline.
        let later = presents(&hold, after: 0.01)
        #expect(!later)
        #expect(hold.deadline == start.addingTimeInterval(0.03))
        pending.finished()
        let finished = presents(&hold, after: 0.012)
        #expect(finished)
        #expect(hold.deadline == nil)
    }

    @Test func aSlowEffectIsWaitedForOnlyUntilTheWindowEnds() {
        var hold = FrameCoalescer(window: 0.03)
        hold.pending.started()
        let atOnce = presents(&hold, after: 0)
        let atDeadline = presents(&hold, after: 0.03)
        #expect(!atOnce)
        #expect(atDeadline)
    }

    @Test func theWorkstationWaitsOutTheWardDueListsReadAndAudit() {
        // Measured 80-95 ms on a shared 2-core VM: its "reading…" frame is never sent.
        var hold = FrameCoalescer(window: FrameCoalescer.workstationWindow)
        let pending = hold.pending
        pending.started()
        let atOnce = presents(&hold, after: 0)
        let whileReading = presents(&hold, after: 0.095)
        pending.finished()
        let read = presents(&hold, after: 0.096)
        #expect(!atOnce)
        #expect(!whileReading)
        #expect(read)
    }

    @Test func effectsOfAnEarlierFrameDoNotHoldTheNextOne() {
        var hold = FrameCoalescer(window: 0.03)
        let earlier = hold.pending
        earlier.started()
        let held = presents(&hold, after: 0)
        #expect(!held, "held for the effect it started with")
        let first = presents(&hold, after: 0.05)
        let next = presents(&hold, after: 0.06)
        #expect(first)
        #expect(next, "the effect still running belongs to a frame already sent")
        earlier.finished()
    }
}
