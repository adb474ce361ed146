import Foundation

/// The elements every resource charted here carries the same way, whatever its type.
enum ChartedElements {
    static let identifierSystem = "urn:ietf:rfc:3986"

    /// The resource's own id as a URN `identifier`, so the server's copy names the
    /// workstation's record even if it is ever re-keyed.
    static func identifier(_ id: String) -> JSONValue {
        .array([.fields([("system", .string(identifierSystem)), ("value", .string("urn:uuid:\(id)"))])])
    }

    /// FHIR `dateTime` to the second with the zone's offset (`2026-03-01T08:15:00+01:00`).
    static func dateTime(_ date: Date, in zone: TimeZone) -> String {
        date.formatted(Date.ISO8601FormatStyle(
            dateSeparator: .dash, dateTimeSeparator: .standard, timeSeparator: .colon, timeZoneSeparator: .colon,
            includingFractionalSeconds: false, timeZone: zone))
    }

    /// A reference by the nurse's name, as the acting user (`performerDisplay`).
    static func performer(_ display: String) -> JSONValue {
        .fields([("display", .string(display))])
    }
}
