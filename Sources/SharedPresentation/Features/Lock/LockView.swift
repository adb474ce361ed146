/// The lock screen: no patient data, only how to get back in.
public enum LockView {
    /// The lock screen's lines; the focus is where the next typed character goes.
    public static func content(_ lock: LockState, mode: DataMode) -> ScrollContent {
        let prompt = "> "
        var lines = [
            StyledLine("Screen locked", .header), StyledLine(""),
            StyledLine(mode == .demo ? "Press Enter to unlock (demo)." : "Type the cache passphrase and press Enter."),
            StyledLine([Span(prompt), Span(String(repeating: "*", count: lock.input.count), .input)]),
        ]
        let inputLine = lines.count - 1
        if lock.isChecking { lines.append(StyledLine("checking…", .dim)) }
        if let message = lock.message { lines.append(StyledLine(message, .critical)) }
        if lock.failedAttempts > 0 {
            lines.append(StyledLine("\(lock.failedAttempts) failed \(lock.failedAttempts == 1 ? "attempt" : "attempts")", .dim))
        }
        return ScrollContent(lines: lines, cursorLine: inputLine, cursorColumn: prompt.count + lock.input.count)
    }
}
