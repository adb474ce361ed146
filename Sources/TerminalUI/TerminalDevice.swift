/// What `TerminalEventLoop` needs from a terminal. `CursesTerminal` is the real one; tests
/// drive the loop with a pipe-backed stand-in.
public protocol TerminalDevice: AnyObject {
    /// The descriptor input arrives on (polled by the loop).
    var inputDescriptor: Int32 { get }
    /// Every key already received, without waiting.
    func readKeys() -> [Key]
    /// Re-reads the size after SIGWINCH and adapts to it.
    func handleResize() -> TerminalSize
    /// Redraws the whole screen on the next update (Ctrl-L, after SIGCONT).
    func forceRepaint()
    /// Clears the screen and hands the terminal back before the process stops (Ctrl-Z).
    func suspend()
    /// Takes the terminal again after a suspend and repaints.
    func resume()
    /// Clears the screen and restores the terminal; safe to call more than once.
    func stop()
    /// Like `stop`, for a dead connection: never blocks on the tty.
    func stopAfterHangup()
}
