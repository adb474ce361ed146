import CoreDomain
import Foundation

/// One audit entry as a FHIR R4 `AuditEvent`, shaped after the IHE Basic Audit Log Patterns:
/// a chart view is a PatientRead, a search a PatientQuery, charting a create (a correction
/// an update), each naming the patient as an entity; the other actions use the DICOM event
/// types. The resource carries the OS user (and the logged-in Practitioner), the SMART client, where the session came from
/// and the patient reference, and nothing else: no names, no search text, no values.
public struct AuditEventResource: Sendable {
    /// The client-assigned resource id; the same entry always gets the same id.
    public var id: String
    public var event: AuditEvent
    /// The workstation that recorded the entry (its host name).
    public var workstation: String

    public init(id: String, event: AuditEvent, workstation: String) {
        self.id = id
        self.event = event
        self.workstation = workstation
    }

    /// The resource as compact JSON, ready for `PUT AuditEvent/<id>`.
    public var json: Data { JSONWriter.data(resource) }

    private var resource: JSONValue {
        let pattern = AuditEventPattern(event.action)
        var members: [(String, JSONValue)] = [
            ("resourceType", .string("AuditEvent")),
            ("id", .string(id)),
            ("type", Self.coding(pattern.type)),
        ]
        if let subtype = pattern.subtype { members.append(("subtype", .array([Self.coding(subtype)]))) }
        members += [
            ("action", .string(pattern.action)),
            ("recorded", .string(Self.instant(event.time))),
            ("outcome", .string(event.outcome == .success ? "0" : "4")),
            ("agent", .array(agents)),
            ("source", Self.object([
                ("site", .string(workstation)),
                ("observer", Self.object([("display", .string("emr"))])),
                ("type", .array([Self.coding(AuditCode(system: AuditCode.sourceTypes, code: "1", display: "End-user display device"))])),
            ])),
        ]
        let entities = self.entities(pattern)
        if !entities.isEmpty { members.append(("entity", .array(entities))) }
        return Self.object(members)
    }

    /// The user as the server knows them (the login's Practitioner) when someone logged in
    /// with this cache, and always by the OS account's name.
    private var who: [(String, JSONValue)] {
        let display = ("display", JSONValue.string(event.actor.user))
        guard let fhirUser = event.actor.fhirUser else { return [display] }
        return [("reference", .string(fhirUser)), display]
    }

    /// The user (the requestor) and, when the session talks to a server, the SMART client.
    private var agents: [JSONValue] {
        var user: [(String, JSONValue)] = [
            ("type", Self.codeable(AuditCode(system: AuditCode.participation, code: "IRCP", display: "information recipient"))),
            ("who", Self.object(who)),
            ("altId", .string(event.actor.user)),
            ("requestor", .bool(true)),
        ]
        if let network = Self.network(event.actor.source) { user.append(("network", network)) }
        var agents = [Self.object(user)]
        if let clientID = event.actor.clientID {
            agents.append(Self.object([
                ("type", Self.codeable(AuditCode(system: AuditCode.dicom, code: "110150", display: "Application"))),
                ("who", Self.object([("identifier", Self.object([("value", .string(clientID))]))])),
                ("requestor", .bool(false)),
            ]))
        }
        return agents
    }

    /// The patient (role Patient) for patient actions; for a search, the query entity naming
    /// only which kinds of terms it had.
    private func entities(_ pattern: AuditEventPattern) -> [JSONValue] {
        var entities: [JSONValue] = []
        if let patientID = event.patientID {
            entities.append(Self.object([
                ("what", Self.object([("reference", .string("Patient/\(patientID)"))])),
                ("type", Self.coding(AuditCode(system: AuditCode.entityTypes, code: "1", display: "Person"))),
                ("role", Self.coding(AuditCode(system: AuditCode.objectRoles, code: "1", display: "Patient"))),
            ]))
        }
        if pattern.isQuery {
            entities.append(Self.object([
                ("type", Self.coding(AuditCode(system: AuditCode.entityTypes, code: "2", display: "System Object"))),
                ("role", Self.coding(AuditCode(system: AuditCode.objectRoles, code: "24", display: "Query"))),
                ("description", .string("Patient search by " + event.action.detail)),
            ]))
        } else if !event.action.detail.isEmpty {
            entities.append(Self.object([
                ("type", Self.coding(AuditCode(system: AuditCode.entityTypes, code: "2", display: "System Object"))),
                ("detail", .array([Self.object([("type", .string(event.action.code)), ("valueString", .string(event.action.detail))])])),
            ]))
        }
        return entities
    }

    /// `SSH_CLIENT`'s address as an IP address; a local terminal has no network address.
    private static func network(_ source: String) -> JSONValue? {
        guard !source.hasPrefix("/"), source != "no-tty", !source.isEmpty else { return nil }
        return object([("address", .string(source)), ("type", .string("2"))])
    }

    /// FHIR `instant`: UTC with milliseconds.
    static func instant(_ date: Date) -> String {
        var formatter = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        formatter.timeZone = TimeZone(identifier: "UTC") ?? .gmt
        return date.formatted(formatter)
    }

    private static func coding(_ code: AuditCode) -> JSONValue {
        .coding(system: code.system, code: code.code, display: code.display)
    }

    private static func codeable(_ code: AuditCode) -> JSONValue { .concept([coding(code)]) }

    private static func object(_ members: [(String, JSONValue)]) -> JSONValue { .fields(members) }
}
