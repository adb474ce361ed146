import Foundation

/// The elements every resource charted here carries the same way, whatever its type.
enum ChartedElements {
    static let identifierSystem = "urn:ietf:rfc:3986"

    /// The resource's own id as a URN `identifier`, so the server's copy names the
    /// workstation's record even if it is ever re-keyed.
    static func identifier(_ id: String) -> JSONValue {
        .array([.fields([("system", .string(identifierSystem)), ("value", .string("urn:uuid:\(id)"))])])
    }

    /// FHIR `dateTime` with the zone's offset (`2026-03-01T08:15:00+01:00`), and its
    /// milliseconds when it has any (a time of now): two records made within one second, a
    /// start and its rate changed, are then read in the order they were made.
    static func dateTime(_ date: Date, in zone: TimeZone) -> String {
        let seconds = date.timeIntervalSinceReferenceDate
        return date.formatted(Date.ISO8601FormatStyle(
            dateSeparator: .dash, dateTimeSeparator: .standard, timeSeparator: .colon, timeZoneSeparator: .colon,
            includingFractionalSeconds: seconds != seconds.rounded(.down), timeZone: zone))
    }

    /// The acting user: by name (`performerDisplay`) and, when they logged in at the server,
    /// as the Practitioner the server knows (`fhirUser`), so its own records name the person.
    static func performer(_ display: String, reference: String?) -> JSONValue {
        .fields((reference.map { [("reference", JSONValue.string($0))] } ?? []) + [("display", .string(display))])
    }
}
