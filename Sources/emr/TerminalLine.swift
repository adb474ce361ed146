import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One line typed at the terminal (standard input, in its ordinary line mode) that a Ctrl-C
/// ends: the workstation takes Ctrl-C itself, so a plain `readLine()` would go on waiting
/// when the thread the signal lands on is not the one reading.
enum TerminalLine {
    /// The line without its newline; nil when `interrupted()` turns true first or input ends.
    static func read(unless interrupted: () -> Bool) -> String? {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while !interrupted() {
            var input = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            // Wakes at least every 100 ms to see whether a Ctrl-C came.
            guard poll(&input, 1, 100) > 0 else { continue }
            let count = Glibc.read(STDIN_FILENO, &chunk, chunk.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self) }
            bytes += chunk[..<count]
            if let end = bytes.firstIndex(of: 0x0A) { return String(decoding: bytes[..<end], as: UTF8.self) }
        }
        return nil
    }
}
