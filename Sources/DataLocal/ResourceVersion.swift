import Foundation

/// A resource's FHIR version, sealed at the head of its `domain` value, so a re-import
/// replaces a stored resource only with the same or a newer version.
struct ResourceVersion: RecordFields, Hashable {
    var versionID: String?
    var lastUpdated: Date?

    init(versionID: String?, lastUpdated: Date?) {
        self.versionID = versionID
        self.lastUpdated = lastUpdated
    }

    /// Older only when `lastUpdated` (else a numeric `versionId`) says so; without either the
    /// incoming copy wins, so a re-import of unversioned data refreshes it.
    func isOlder(than stored: ResourceVersion) -> Bool {
        if let mine = lastUpdated, let theirs = stored.lastUpdated, mine != theirs { return mine < theirs }
        if let mine = versionID.flatMap(Int.init), let theirs = stored.versionID.flatMap(Int.init) { return mine < theirs }
        return false
    }

    static var blank: ResourceVersion { ResourceVersion(versionID: nil, lastUpdated: nil) }

    mutating func fields<Coder: RecordCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.code(&versionID)
        try coder.code(&lastUpdated)
    }
}
