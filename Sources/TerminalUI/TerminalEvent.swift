import Foundation

/// What the event loop hands to the application, one at a time, on the loop's thread.
public enum TerminalEvent<Message: Sendable>: Sendable {
    case key(Key)
    /// The terminal has a new size: render a buffer of that size.
    case resize(TerminalSize)
    /// Time passed: a new minute began or the deadline given to `next(deadline:)` came.
    /// Re-check clocks and timers (idle lock) against `now`.
    case tick(now: Date)
    /// Something posted from another thread through `EventPoster.post(_:)`.
    case message(Message)
    /// SIGINT or SIGTERM: the terminal is already restored; exit.
    case terminate(signal: Int32)
    /// The connection dropped (SIGHUP or the tty closed): the terminal is released; exit.
    case hangup
}
