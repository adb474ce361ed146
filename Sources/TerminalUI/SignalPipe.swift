import CTerminalShim
import Glibc

/// The self-pipe: signal handlers and other threads wake the event loop by writing one byte
/// (a signal number, or 0 for "messages waiting"). Both ends are non-blocking, so a full pipe
/// never blocks a writer: a wake-up is already pending then.
final class SignalPipe: Sendable {
    /// The signals the loop handles: resize, termination, hang-up, suspend and continue.
    static let signals: [Int32] = [SIGWINCH, SIGINT, SIGTERM, SIGHUP, SIGTSTP, SIGCONT]
    static let messageByte: UInt8 = 0

    let readEnd: Int32
    let writeEnd: Int32

    init() throws(TerminalError) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw .systemResource("signal pipe") }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }

    /// Routes the loop's signals into the pipe. `interruptingReads`: SIGINT also ends a
    /// blocking read with EINTR (while the terminal is released to a job reading a line).
    func install(interruptingReads: Bool = false) {
        for signal in Self.signals { _ = emr_signal_forward(signal, writeEnd, interruptingReads && signal == SIGINT ? 0 : 1) }
    }

    /// Gives the signals their default behaviour back.
    func uninstall() {
        for signal in Self.signals { _ = emr_signal_default(signal) }
    }

    func wake() {
        var byte = Self.messageByte
        _ = write(writeEnd, &byte, 1)
    }

    /// Every byte waiting in the pipe.
    func drain() -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64)
        while true {
            let count = read(readEnd, &chunk, chunk.count)
            guard count > 0 else { return bytes }
            bytes += chunk[..<count]
        }
    }
}
