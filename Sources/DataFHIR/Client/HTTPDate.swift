import Foundation

/// HTTP dates (`Sun, 06 Nov 1994 08:49:37 GMT`, RFC 9110 IMF-fixdate) from `Date` and
/// `Retry-After` headers, and their FHIR instant form for sync watermarks.
enum HTTPDate {
    static func parse(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: text)
    }

    /// `2024-05-01T10:00:00Z`: the server's own clock, written as FHIR wants it in `_lastUpdated`.
    static func fhirInstant(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }
}
