/// The words of the status line once the outbox has stored a form's entry, shared by the forms
/// so each says it the same way, in one short line.
enum SavedNotice {
    /// `1 value`, `3 values`.
    static func values(_ count: Int) -> String { count == 1 ? "1 value" : "\(count) values" }

    /// Where the stored entry (`count` values) is now: the demo keeps it, a server is waited for.
    static func delivery(demo: Bool, count: Int = 1) -> String {
        demo ? "stays pending in the demo (no server)" : "pending until the server has \(count == 1 ? "it" : "them")"
    }
}
