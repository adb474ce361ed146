import Foundation

/// The rest-hook Subscription `emr hooks` keeps on the server, in the R4 backport's shape:
/// the topic's canonical as `criteria`, one filter per resource type naming the census
/// patients, `id-only` payloads (no clinical content crosses the channel), the bearer token
/// as a channel header, and a heartbeat so silence can be told from a lost channel.
public struct ResultsSubscription: Sendable, Hashable {
    /// Chosen by the listener, so it knows the id before the server's handshake arrives.
    public var id: String
    /// Where the server POSTs (the listener's `/notify`, as the server reaches it).
    public var endpoint: String
    public var token: String
    public var patientIDs: [String]
    public var heartbeatSeconds: Int
    /// When the server may stop sending: renewed well before.
    public var end: Date

    public init(id: String, endpoint: String, token: String, patientIDs: [String], heartbeatSeconds: Int, end: Date) {
        self.id = id
        self.endpoint = endpoint
        self.token = token
        self.patientIDs = patientIDs
        self.heartbeatSeconds = heartbeatSeconds
        self.end = end
    }

    private static let backport = "http://hl7.org/fhir/uv/subscriptions-backport/StructureDefinition"

    /// The Subscription for a PUT to `Subscription/<id>`, status `requested`: the server
    /// answers with a handshake before it sends events.
    public var resource: Data {
        let patients = patientIDs.map { "Patient/" + $0 }.joined(separator: ",")
        let filters: [JSONValue] = ResultsTopic.resourceTypes.map {
            .fields([("url", .string(Self.backport + "/backport-filter-criteria")), ("valueString", .string("\($0)?patient=\(patients)"))])
        }
        let channel = JSONValue.fields([
            ("extension", .array([
                .fields([("url", .string(Self.backport + "/backport-heartbeat-period")), ("valueUnsignedInt", .number(String(heartbeatSeconds)))]),
            ])),
            ("type", .string("rest-hook")),
            ("endpoint", .string(endpoint)),
            ("payload", .string("application/fhir+json")),
            ("_payload", .fields([("extension", .array([
                .fields([("url", .string(Self.backport + "/backport-payload-content")), ("valueCode", .string("id-only"))]),
            ]))])),
            ("header", .array([.string("Authorization: Bearer " + token)])),
        ])
        let subscription = JSONValue.fields([
            ("resourceType", .string("Subscription")),
            ("id", .string(id)),
            ("meta", .fields([("profile", .array([.string(Self.backport + "/backport-subscription")]))])),
            ("status", .string("requested")),
            ("end", .string(ChartedElements.dateTime(end.rounded(), in: .gmt))),
            ("reason", .string("emr hooks: new results for the ward's census")),
            ("criteria", .string(ResultsTopic.url)),
            ("_criteria", .fields([("extension", .array(filters))])),
            ("channel", channel),
        ])
        return JSONWriter.data(subscription)
    }
}

private extension Date {
    /// To the whole second: a Subscription's `end` has no use for milliseconds.
    func rounded() -> Date { Date(timeIntervalSinceReferenceDate: timeIntervalSinceReferenceDate.rounded(.down)) }
}
