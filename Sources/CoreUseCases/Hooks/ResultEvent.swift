import Foundation

/// What `emr hooks` tells the workstations on its machine, one JSON line each: a resource
/// of a patient changed at the server (`{"type":"Observation","id":"…","patient":"…"}`), or
/// they should sync in full (`{"sync":"full"}`): when the listener (re)started, a
/// heartbeat was missed, or the server's event count skipped events. Ids only: no names,
/// no values.
public enum HookMessage: Sendable, Hashable {
    case changed(ResultEvent)
    case syncAll

    /// The line, without its newline.
    public var line: String {
        switch self {
        case .syncAll: return #"{"sync":"full"}"#
        case .changed(let event):
            let fields = [("type", event.type), ("id", event.id), ("patient", event.patientID)]
            guard let data = try? JSONSerialization.data(withJSONObject: Dictionary(uniqueKeysWithValues: fields), options: .sortedKeys)
            else { return Self.syncAll.line }
            return String(decoding: data, as: UTF8.self)
        }
    }

    /// Reads one line; nil when it is neither message (a newer listener's, or noise).
    public init?(line: some StringProtocol) {
        guard let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] else { return nil }
        if object["sync"] as? String == "full" {
            self = .syncAll
        } else if let type = object["type"] as? String, let id = object["id"] as? String, let patient = object["patient"] as? String {
            self = .changed(ResultEvent(type: type, id: id, patientID: patient))
        } else {
            return nil
        }
    }
}

/// A resource the server says changed, and whose chart it is in.
public struct ResultEvent: Sendable, Hashable {
    public var type: String
    public var id: String
    public var patientID: String

    public init(type: String, id: String, patientID: String) {
        self.type = type
        self.id = id
        self.patientID = patientID
    }
}
