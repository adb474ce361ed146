import Foundation

/// A resource's FHIR version, sealed at the head of its `domain` value, so a re-import
/// replaces a stored resource only with the same or a newer version.
struct ResourceVersion: CompactCodable {
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

    /// `lastUpdated` is the server's bookkeeping, not a clinical date: written as raw bits so
    /// the import's date shift and newest-date tracking leave it alone.
    func encode(to writer: inout ByteWriter) {
        writer.write(versionID)
        writer.write(lastUpdated != nil)
        if let lastUpdated { writer.write(varint: lastUpdated.timeIntervalSinceReferenceDate.bitPattern) }
    }

    init(from reader: inout ByteReader) throws(CompactCodingError) {
        versionID = try reader.optional()
        lastUpdated = try reader.bool() ? Date(timeIntervalSinceReferenceDate: Double(bitPattern: try reader.varint())) : nil
    }
}
