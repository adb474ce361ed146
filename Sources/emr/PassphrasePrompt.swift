import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reads a passphrase from the controlling terminal with echo off, before any screen is
/// drawn. The terminal's settings are restored on every path, including Ctrl-C.
enum PassphrasePrompt {
    /// The terminal settings to put back if a signal interrupts the prompt. A signal handler
    /// cannot capture context, so this one global is the hand-off.
    nonisolated(unsafe) private static var savedSettings = termios()
    nonisolated(unsafe) private static var ttyDescriptor: Int32 = -1

    /// Prompts on /dev/tty and returns the bytes typed (without the newline); nil when there
    /// is no terminal to ask on or input ended.
    static func read(prompt: String) -> [UInt8]? {
        let tty = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard tty >= 0 else { return nil }
        defer { close(tty) }

        var settings = termios()
        guard tcgetattr(tty, &settings) == 0 else { return nil }
        savedSettings = settings
        ttyDescriptor = tty
        let previousInt = signal(SIGINT, restoreAndReraise)
        let previousTerm = signal(SIGTERM, restoreAndReraise)
        let previousHup = signal(SIGHUP, restoreAndReraise)
        defer {
            tcsetattr(tty, TCSAFLUSH, &savedSettings)
            signal(SIGINT, previousInt)
            signal(SIGTERM, previousTerm)
            signal(SIGHUP, previousHup)
            ttyDescriptor = -1
        }

        var silent = settings
        silent.c_lflag &= ~tcflag_t(ECHO | ECHONL)
        silent.c_lflag |= tcflag_t(ICANON)
        guard tcsetattr(tty, TCSAFLUSH, &silent) == 0 else { return nil }

        write(tty, prompt)
        var typed: [UInt8] = []
        var byte: UInt8 = 0
        while Glibc.read(tty, &byte, 1) == 1, byte != UInt8(ascii: "\n") {
            typed.append(byte)
        }
        write(tty, "\n")
        return typed
    }

    private static func write(_ tty: Int32, _ text: String) {
        _ = text.utf8CString.withUnsafeBufferPointer { Glibc.write(tty, $0.baseAddress, $0.count - 1) }
    }

    /// Async-signal-safe: restore echo, then let the default action end the process.
    private static let restoreAndReraise: @convention(c) (Int32) -> Void = { signalNumber in
        if PassphrasePrompt.ttyDescriptor >= 0 {
            tcsetattr(PassphrasePrompt.ttyDescriptor, TCSAFLUSH, &PassphrasePrompt.savedSettings)
        }
        signal(signalNumber, SIG_DFL)
        raise(signalNumber)
    }
}
