import Glibc
import Synchronization
@testable import TerminalUI

/// A terminal in memory for running the whole workstation: keys typed into a pipe (the event
/// loop polls it as it polls a tty), frames kept as text for the test to read. Safe to type
/// into and read from the test's thread while the app runs on its own.
final class MemoryTerminal: ScreenDevice, Sendable {
    let inputDescriptor: Int32
    private let keyboard: Int32
    let size: TerminalSize
    private let frame = Mutex<[String]>([])
    private let stopped = Mutex(false)
    private let suspended = Mutex(false)

    init(columns: Int = 80, rows: Int = 24) {
        var ends: [Int32] = [-1, -1]
        precondition(pipe(&ends) == 0)
        inputDescriptor = ends[0]
        keyboard = ends[1]
        size = TerminalSize(rows: rows, cols: columns)
    }

    deinit {
        close(inputDescriptor)
        close(keyboard)
    }

    /// Types `text`: `\r` is Enter, every other byte a character.
    func type(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBufferPointer { write(keyboard, $0.baseAddress, $0.count) }
    }

    /// The last frame presented, one string per row.
    var screen: [String] { frame.withLock { $0 } }

    var isStopped: Bool { stopped.withLock { $0 } }

    /// Handed over (Ctrl-Z, or a job the state released the terminal for), not yet taken back.
    var isSuspended: Bool { suspended.withLock { $0 } }

    func readKeys() -> [Key] {
        var bytes = [UInt8](repeating: 0, count: 64)
        let count = read(inputDescriptor, &bytes, bytes.count)
        return bytes.prefix(max(count, 0)).map { $0 == 13 ? .enter : .character(Character(Unicode.Scalar($0))) }
    }

    func makeBuffer() -> ScreenBuffer { ScreenBuffer(width: size.cols, height: size.rows) }

    func present(_ buffer: ScreenBuffer, cursor: (row: Int, col: Int)?) {
        let text = buffer.textSnapshot()
        frame.withLock { $0 = text }
    }

    func handleResize() -> TerminalSize { size }
    func forceRepaint() {}
    func suspend() { suspended.withLock { $0 = true } }
    func resume() { suspended.withLock { $0 = false } }
    func stop() { stopped.withLock { $0 = true } }
    func stopAfterHangup() { stop() }
}
