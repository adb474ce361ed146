/// Why the terminal could not be started, in words a ward user or admin can act on.
public enum TerminalError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No controlling terminal (run from a pipe, cron, or a non-interactive SSH command).
    case noTerminal
    /// TERM is not set.
    case terminalTypeUnset
    /// TERM names something without cursor addressing (`dumb`, hardcopy terminals).
    case unsupportedTerminalType(String)
    /// TERM names a type this machine's terminfo does not know.
    case unknownTerminalType(String)
    /// The signal pipe or another system resource could not be created.
    case systemResource(String)

    public var description: String {
        switch self {
        case .noTerminal:
            "no terminal to draw on: run emr in an interactive terminal session (for SSH, use 'ssh -t')"
        case .terminalTypeUnset:
            "the terminal type is not set: set TERM to e.g. xterm-256color"
        case .unsupportedTerminalType(let type):
            "terminal type '\(type)' is not supported: set TERM to e.g. xterm-256color"
        case .unknownTerminalType(let type):
            "terminal type '\(type)' is not known on this machine: set TERM to e.g. xterm-256color, or install ncurses-term"
        case .systemResource(let what):
            "could not set up the terminal (\(what)): try again, and report it if it keeps happening"
        }
    }
}
