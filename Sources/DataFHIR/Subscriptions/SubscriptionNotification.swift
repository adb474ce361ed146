import Foundation

/// A notification the FHIR server POSTs to a rest-hook channel, as the R4 Subscriptions
/// backport writes it: a `history` Bundle whose first entry is the SubscriptionStatus (an R4
/// `Parameters`, kebab-case names; camelCase and R4B's `SubscriptionStatus` read as well).
/// Only what a listener acts on is kept: the kind, the subscription it is for, the event
/// count (a gap in it means events were lost) and each event's focus and patient, as ids.
/// Nothing in it is fetched: the references name the server's own URLs, which a forged
/// notification could point anywhere.
public struct SubscriptionNotification: Sendable, Hashable {
    public enum Kind: String, Sendable {
        case handshake, heartbeat
        case eventNotification = "event-notification"
        case queryStatus = "query-status"
        case queryEvent = "query-event"
    }

    public var kind: Kind
    /// The id of the Subscription (the last segment of its reference).
    public var subscriptionID: String
    /// `events-since-subscription-start`: the number of the last event the server sent.
    public var eventsSinceStart: Int?
    public var events: [ChangedResource]

    /// Reads `body`; nil when it is not a backport notification (not JSON, not a history
    /// Bundle, no status first, an unknown kind, no subscription).
    public static func read(_ body: Data) -> SubscriptionNotification? {
        let parsed: JSONValue? = body.withUnsafeBytes { bytes in
            try? JSONParser.parse(bytes.assumingMemoryBound(to: UInt8.self), maxDepth: 16).value
        }
        guard case .object(let bundle)? = parsed, bundle["resourceType"]?.text == "Bundle", bundle["type"]?.text == "history",
              case .array(let entries)? = bundle["entry"], case .object(let first)? = entries.first,
              case .object(let status)? = first["resource"]
        else { return nil }
        switch status["resourceType"]?.text {
        case "Parameters": return fromParameters(status)
        case "SubscriptionStatus": return fromStatus(status)
        default: return nil
        }
    }

    private static func fromParameters(_ status: JSONObject) -> SubscriptionNotification? {
        guard case .array(let parameters)? = status["parameter"] else { return nil }
        var kind: Kind?, subscription: String?, count: Int?
        var events: [ChangedResource] = []
        for case .object(let parameter) in parameters {
            switch parameter["name"]?.text {
            case "type": kind = parameter["valueCode"]?.text.flatMap(Kind.init(rawValue:))
            case "subscription": subscription = parameter["valueReference"]?.reference
            case "events-since-subscription-start", "eventsSinceSubscriptionStart":
                count = (parameter["valueString"] ?? parameter["valueInteger64"] ?? parameter["valueInteger"])?.integer
            case "notification-event", "notificationEvent":
                guard case .array(let parts)? = parameter["part"] else { continue }
                var focus: String?, context: [String] = []
                for case .object(let part) in parts {
                    switch part["name"]?.text {
                    case "focus": focus = part["valueReference"]?.reference
                    case "additional-context", "additionalContext": context += part["valueReference"]?.reference.map { [$0] } ?? []
                    default: continue
                    }
                }
                if let event = ChangedResource(focus: focus, context: context) { events.append(event) }
            default: continue
            }
        }
        return make(kind, subscription, count, events)
    }

    private static func fromStatus(_ status: JSONObject) -> SubscriptionNotification? {
        var events: [ChangedResource] = []
        if case .array(let list)? = status["notificationEvent"] {
            for case .object(let event) in list {
                var context: [String] = []
                if case .array(let references)? = event["additionalContext"] { context = references.compactMap(\.reference) }
                if let changed = ChangedResource(focus: event["focus"]?.reference, context: context) { events.append(changed) }
            }
        }
        return make(status["type"]?.text.flatMap(Kind.init(rawValue:)), status["subscription"]?.reference,
                    status["eventsSinceSubscriptionStart"]?.integer, events)
    }

    private static func make(_ kind: Kind?, _ subscription: String?, _ count: Int?, _ events: [ChangedResource]) -> SubscriptionNotification? {
        guard let kind, let id = subscription.flatMap({ ChangedResource.split($0) }), id.type == "Subscription" else { return nil }
        return SubscriptionNotification(kind: kind, subscriptionID: id.id, eventsSinceStart: count, events: events)
    }
}

/// One changed resource named by a notification: its type and id, and the patient it is about
/// (from the event's `additional-context`, which sekmet fills with the resource's subject).
public struct ChangedResource: Sendable, Hashable {
    public var type: String
    public var id: String
    public var patientID: String?

    public init(type: String, id: String, patientID: String?) {
        self.type = type
        self.id = id
        self.patientID = patientID
    }

    init?(focus: String?, context: [String]) {
        guard let focus = focus.flatMap(Self.split) else { return nil }
        let patient = focus.type == "Patient" ? focus : context.compactMap(Self.split).first { $0.type == "Patient" }
        self.init(type: focus.type, id: focus.id, patientID: patient?.id)
    }

    /// `Type/id` from a relative or absolute reference (`http://host/fhir/Observation/7`,
    /// `Observation/7/_history/2`); nil unless both look like FHIR's (a type's letters, an
    /// id's 64 characters of `A-Za-z0-9-.`).
    static func split(_ reference: String) -> (type: String, id: String)? {
        var segments = reference.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        if segments.count >= 4, segments[segments.count - 2] == "_history" { segments.removeLast(2) }
        guard segments.count >= 2 else { return nil }
        let type = segments[segments.count - 2], id = segments[segments.count - 1]
        guard let initial = type.unicodeScalars.first, ("A"..."Z").contains(initial),
              type.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) || ("a"..."z").contains($0) }),
              (1...64).contains(id.utf8.count),
              id.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "." })
        else { return nil }
        return (type, id)
    }
}

private extension JSONValue {
    var text: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    var reference: String? {
        if case .object(let object) = self { return object["reference"]?.text }
        return nil
    }

    /// A count sent as a string (R4's `valueString`) or as a number.
    var integer: Int? {
        switch self {
        case .string(let text), .number(let text): Int(text)
        default: nil
        }
    }
}
