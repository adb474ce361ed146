import CoreDomain
import DataFHIR
import Foundation

/// When each result reached this cache (`Observation.received`), stamped as it is stored by
/// an import or a sync: what makes it "new" on the Results tab and the patient list. The same
/// result stored again unchanged (a file imported twice, a sync that sends it again) keeps
/// the time it first arrived; a changed one (corrected, amended) arrives anew.
enum ArrivalStamp {
    /// `resource` as it is stored at `now`: an Observation stamped with `now`, or with
    /// `kept` when the copy it replaces reads the same.
    static func stamped(_ resource: DecodedResource, at now: Date, kept: Date? = nil) -> DecodedResource {
        guard case var .observation(observation) = resource.content else { return resource }
        var stamped = resource
        observation.received = kept ?? now
        stamped.content = .observation(observation)
        return stamped
    }

    /// The arrival time to keep when `resource` replaces the stored record `storedRecord`
    /// (its plaintext, as `ResourceTable.record` wrote it): the stored one, when both are
    /// the same Observation apart from it; else nil.
    static func kept(_ resource: DecodedResource, replacing storedRecord: Data) -> Date? {
        guard case var .observation(incoming) = resource.content else { return nil }
        var reader = ByteReader(storedRecord)
        guard (try? ResourceVersion(from: &reader)) != nil, let encoded = try? reader.encoded() else { return nil }
        var value = ByteReader(encoded)
        guard var stored = try? Observation(from: &value), let arrived = stored.received else { return nil }
        stored.received = nil
        incoming.received = nil
        return stored == incoming ? arrived : nil
    }
}
