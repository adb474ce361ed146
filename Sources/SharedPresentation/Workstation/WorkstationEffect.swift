import CoreDomain
import Foundation

/// Work the update function asks the runtime to do. Results come back as actions.
public enum WorkstationEffect: Equatable, Sendable {
    // A feature's own work, declared in its folder and carried out by its own runner there;
    // the answers come back as that feature's actions.
    case list(PatientListEffect)
    /// For the chart of `patientID`: its answers are dropped when another chart shows.
    case chart(patientID: String, ChartEffect)
    case lock(LockEffect)
    case charting(ChartingEffect)
    /// The open overlay's own work (`Overlay.Effect`), carried out by the overlay's `run`.
    case overlay(OverlayEffect)
    // The workstation's own parts (the outbox, the sync, the listener, the cache file, the
    // server session) and the runtime's (timers, the terminal, quitting).
    /// Count what waits in the outbox, for the header and the quit guard.
    case checkOutbox
    /// One sync with the server (census, outbox, audit upload, purge); answers
    /// `.sync(.finished)` or `.sync(.failed)`. The state schedules the next one from the answer.
    case syncWithServer
    /// A sync of these census patients only, those the listener named: the same run as
    /// `syncWithServer` (outbox first), without a pass over the ward; answers as it does.
    case syncPatients([String])
    /// Read the listener's socket for as long as the session lasts; answers
    /// `.listener(.changed)` for census patients it names, `.listener(.fullSyncAsked)` when it says so.
    case followResults
    /// The cache file's whole structure check (it reads every page, so it runs beside the
    /// first frame, not before it); answers `.cache(.damaged)` only when it finds damage.
    case checkCacheStructure
    /// Sends `.timerFired(timer)` after `after` seconds of the runtime's clock. Scheduling a
    /// timer again replaces the one pending (the idle lock restarts with each key).
    case schedule(WorkstationTimer, after: TimeInterval)
    /// Stops the timer or the work in flight named `id` (see `cancelID`).
    case cancel(EffectID)
    /// Whether the user's server session is still usable, read from where it is kept (not
    /// from how the last sync went); answers `.serverLogin(.checked(needed:))`.
    case checkServerLogin
    /// Hand the terminal over to `job` (curses ends, the job runs on the tty, curses comes
    /// back and redraws), as Bubble Tea's `tea.ExecProcess`; the job's answer comes back as an
    /// action. Only the terminal runtime carries it out.
    case releaseTerminal(TerminalJob)
    /// Redraw every cell (Ctrl-L), for a terminal whose screen got garbled.
    case repaint
    case quit
}

extension WorkstationEffect {
    /// Whether the next frame may wait for this effect's answer (see the terminal runtime's
    /// frame hold): local reads answer within milliseconds, and a frame that waits for them
    /// never shows "loading…". Timers, a sync with the server and the whole-file check run for
    /// seconds or minutes: frames never wait for those.
    public var isQuickRead: Bool {
        switch self {
        case .syncWithServer, .syncPatients, .followResults, .checkCacheStructure, .schedule, .cancel, .releaseTerminal, .repaint, .quit: false
        default: true
        }
    }
}

extension WorkstationEffect {
    /// The patients a `syncPatients` syncs; nil for any other effect.
    public var syncedPatients: [String]? {
        if case let .syncPatients(ids) = self { ids } else { nil }
    }
}

extension WorkstationEffect {
    /// The name a `.cancel` stops this effect by, while it runs, as its part declares it; nil
    /// for work that always ends on its own (a save must never be cut off half way).
    public var cancelID: EffectID? {
        switch self {
        case let .chart(_, effect): effect.cancelID
        case let .schedule(timer, _): .timer(timer)
        default: nil
        }
    }
}

extension WorkstationEffect {
    /// Runs after every earlier one of its kind has finished: list searches, whose audit
    /// entries must read in the order they were typed (a later keystroke's query finishing
    /// first would make the trail say the user searched in another order).
    public var isOrdered: Bool {
        if case let .list(effect) = self { effect.isOrdered } else { false }
    }
}
