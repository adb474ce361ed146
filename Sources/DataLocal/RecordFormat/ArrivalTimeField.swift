import Foundation

extension RecordCoder {
    /// A time on the cache's own clock (when a record arrived), added at a record's end like
    /// any `trailing` field. Stored as whole milliseconds since 1970, a number rather than a
    /// `Date`, so moving a record's clinical dates (the demo's shift, `DateRewriter`) leaves it
    /// where it is. Rounded up, never down: a result that arrived in the same millisecond as
    /// the user's look at Results (kept to the full) must still read as after it, so new; the
    /// other way, one that arrived just before the look can read new once, which is the safe error.
    mutating func trailingArrival(_ value: inout Date?) throws(Failure) {
        var milliseconds = value.map { Int(($0.timeIntervalSince1970 * 1000).rounded(.up)) }
        try trailing(&milliseconds)
        value = milliseconds.map { Date(timeIntervalSince1970: TimeInterval($0) / 1000) }
    }
}
