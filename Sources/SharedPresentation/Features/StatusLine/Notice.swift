/// What the status line says: one line without PHI, the last thing the user must hear. Its
/// tone says how loud (each is drawn in its own style, so a refusal never looks like "saving…")
/// and its kind carries its lifetime, so no flag kept beside the text has to be cleared in the
/// right order: any new notice replaces the old one, tone, kind and all.
public struct Notice: Equatable, Sendable {
    /// How much the line asks of the user, from nothing to stopping what they do.
    public enum Tone: Equatable, Sendable, CaseIterable {
        /// Done, or for information: "saved …", "all charted entries are on the server".
        case info
        /// Work under way whose answer follows: "saving…", "syncing…".
        case progress
        /// Read before going on: a question, a refusal of what was typed, a failed sync.
        case warning
        /// Something clinical or lost that must not be missed: a new critical result, a
        /// save the outbox refused, a damaged cache.
        case critical
    }

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
        /// A sync under way says how far it is; its answer (or anything else said) replaces it.
        case syncProgress
    }

    public var text: String
    public var tone: Tone
    public var kind: Kind

    public init(_ text: String, tone: Tone, kind: Kind = .message) {
        self.text = text
        self.tone = tone
        self.kind = kind
    }

    public static func info(_ text: String) -> Notice { Notice(text, tone: .info) }
    public static func progress(_ text: String) -> Notice { Notice(text, tone: .progress) }
    public static func warning(_ text: String) -> Notice { Notice(text, tone: .warning) }
    public static func critical(_ text: String) -> Notice { Notice(text, tone: .critical) }
}
