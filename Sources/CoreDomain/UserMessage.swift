import Foundation

/// Turns an error into words for the status line. This product's errors adopt
/// `LocalizedError` with one line in the user's terms and no PHI; anything else (Foundation's
/// errors print internals that mean nothing at a bedside) gets a generic line.
public enum UserMessage {
    public static func describe(_ error: any Error) -> String {
        (error as? any LocalizedError)?.errorDescription
            ?? "an unexpected error occurred; try again, and report it if it persists"
    }
}
