import CoreDomain
import Foundation

/// Which entries `emr audit show` lists: every condition given must hold.
public struct AuditFilter: Sendable, Hashable {
    public var patientID: String?
    /// Entries at or after this time.
    public var since: Date?
    public var user: String?

    public init(patientID: String? = nil, since: Date? = nil, user: String? = nil) {
        self.patientID = patientID
        self.since = since
        self.user = user
    }

    public func matches(_ event: AuditEvent) -> Bool {
        if let patientID, event.patientID != patientID { return false }
        if let since, event.time < since { return false }
        if let user, event.actor.user != user { return false }
        return true
    }
}
