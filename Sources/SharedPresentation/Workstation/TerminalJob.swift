/// Work that needs the terminal itself, run with curses ended (`WorkstationEffect.releaseTerminal`).
public enum TerminalJob: Equatable, Sendable {
    /// The user's login at the FHIR server, as `emr login` runs it (paste-back, the browser's
    /// loopback redirect, or the device code): it prints an address and may read a line.
    case serverLogin
}
