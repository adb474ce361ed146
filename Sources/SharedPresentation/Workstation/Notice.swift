/// What the status line says: one line without PHI, the last thing the user must hear. Its
/// kind carries its lifetime, so no flag kept beside the text has to be cleared in the right
/// order: any new notice replaces the old one, kind and all.
public struct Notice: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// Stays until something else is said.
        case message
        /// A charting save's "saved …, pending": once the outbox has nothing unsent it gives
        /// way to "all charted entries are on the server".
        case savedPending
        /// "…: q again quits, any other key stays": the next key answers it, whatever the key. A notice that
        /// replaced it (a sync failing meanwhile) took the question off the screen, and with it
        /// the answer.
        case quitQuestion
    }

    public var text: String
    public var kind: Kind

    public init(_ text: String, kind: Kind = .message) {
        self.text = text
        self.kind = kind
    }
}
