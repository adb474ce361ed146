import Foundation

/// Turns an error into words for the status line (short: it follows a prefix there). This product's errors adopt
/// `LocalizedError` with one line in the user's terms and no PHI; anything else (Foundation's
/// errors print internals that mean nothing at a bedside) gets a generic line.
public enum UserMessage {
    public static func describe(_ error: any Error) -> String {
        (error as? any LocalizedError)?.errorDescription
            ?? "unexpected error: try again; report it if it recurs"
    }
}
