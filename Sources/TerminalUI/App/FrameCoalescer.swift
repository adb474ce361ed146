import Foundation
import SharedPresentation
import Synchronization

/// Whether the next frame goes to the terminal now or waits, briefly, for the effects the
/// events since the last frame started. A list move starts a chart read that takes a few
/// milliseconds: presenting at once would send a "loading…" frame that blanks the chart pane
/// and, moments later, the chart drawn over it again — about twice the bytes on a slow link,
/// and a flicker. The wait is bounded by `window`, so slow work (an unlock back-off, a
/// server) still shows its progress frame, and a result nobody posts (an effect with no
/// answer) delays its frame by at most `window`.
struct FrameCoalescer {
    /// Effects started since the last frame went out, counted down as each one finishes.
    final class Pending: EffectObserver {
        private let running = Atomic<Int>(0)

        func started() { running.add(1, ordering: .relaxed) }

        /// Call before posting the effect's result, so the loop sees it finished when the result arrives.
        func finished() { running.subtract(1, ordering: .releasing) }

        var isEmpty: Bool { running.load(ordering: .acquiring) == 0 }
    }

    let window: TimeInterval

    /// The workstation's window. The ward due list's read, with the one audit commit that lets
    /// it be shown, takes 40-100 ms on a shared machine: its "reading the ward's orders…" frame
    /// went out at 30 ms and the list was drawn over it (half the bytes of a `d`). Under 0.1 s
    /// nobody reads a progress frame; anything slower still shows one.
    static let workstationWindow: TimeInterval = 0.1
    /// Give this to every effect started now; a new one begins with each presented frame.
    private(set) var pending = Pending()
    private var heldSince: Date?

    init(window: TimeInterval) {
        self.window = window
    }

    /// When a held frame must go out at the latest, for the event loop's wait.
    var deadline: Date? { heldSince?.addingTimeInterval(window) }

    /// After an event is applied: true when the frame should be presented now, which ends the
    /// wait; false while its effects run and the window has not passed.
    mutating func presentNow(at now: Date) -> Bool {
        if !pending.isEmpty, deadline.map({ now < $0 }) ?? true {
            if heldSince == nil { heldSince = now }
            return false
        }
        heldSince = nil
        pending = Pending()
        return true
    }
}
