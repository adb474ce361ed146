import Foundation

/// How long ago something happened, for "last vitals 2 h ago": `just now` (under a minute
/// either way, allowing for clock skew), `5 min ago`, `2 h ago`, `3 d ago`, always rounded
/// down. A time further in the future reads `in 5 min`.
public enum RelativeTimeText {
    public static func format(_ date: Date, now: Date) -> String {
        let seconds = now.timeIntervalSince(date)
        guard abs(seconds) >= 60 else { return "just now" }
        let span = abs(seconds)
        let amount: String
        if span < 3600 {
            amount = "\(Int(span / 60)) min"
        } else if span < 86_400 {
            amount = "\(Int(span / 3600)) h"
        } else {
            amount = "\(Int(span / 86_400)) d"
        }
        return seconds > 0 ? "\(amount) ago" : "in \(amount)"
    }
}
