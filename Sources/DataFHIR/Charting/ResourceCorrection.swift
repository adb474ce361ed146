import Foundation

/// The entered-in-error version of a charted resource (an Observation, a MedicationAdministration:
/// both have `status` entered-in-error and `note`): the same resource (same id, identifier,
/// values, performer) with `status` entered-in-error and the reason appended to `note`, so
/// the record of what was charted and why it was withdrawn both stay on the server. A
/// DocumentReference (a note) has no `note`: its reason goes in the extension `reasonURL`.
public enum ResourceCorrection {
    /// Why a note was marked entered in error, as `valueString`: R4's DocumentReference has no
    /// element for it, and no published extension says it (the `urn:emr:` style of
    /// `MedicationAdministrationEncoder.scheduledTimeURL`).
    public static let reasonURL = "urn:emr:entered-in-error-reason"

    /// `json` (a resource of `type` as stored) marked entered-in-error with `reason`; nil when
    /// `json` is not of `type`. The server's `meta.versionId`/`lastUpdated` are dropped: the
    /// server assigns new ones to the new version.
    public static func enteredInError(_ json: Data, type: String, reason: String) -> Data? {
        guard let resource = FHIRDocument.parseObject(json), case .string(type)? = resource["resourceType"] else { return nil }
        var members = resource.members
        set("status", .string("entered-in-error"), in: &members)
        if type == "DocumentReference" {
            append(.fields([("url", .string(reasonURL)), ("valueString", .string(reason))]), to: "extension", of: resource, in: &members)
        } else {
            append(.fields([("text", .string(reason))]), to: "note", of: resource, in: &members)
        }
        if case .object(var meta)? = resource["meta"] {
            meta.members.removeAll { $0.key == "versionId" || $0.key == "lastUpdated" }
            set("meta", .object(meta), in: &members)
        }
        return JSONWriter.data(.object(JSONObject(members: members, byteRange: 0..<0)))
    }

    /// The server's `meta.versionId` of `json` (a resource as stored), which its correction
    /// must be applied to; nil for a resource charted here and not yet read back from the server.
    public static func serverVersion(of json: Data) -> String? {
        guard let resource = FHIRDocument.parseObject(json), case .object(let meta)? = resource["meta"],
              case .string(let version)? = meta["versionId"], !version.isEmpty else { return nil }
        return version
    }

    /// True when `serverCopy` (the server's current version) already has the `status` that
    /// `correction` was sending: a correction applied whose answer was lost, met again by a
    /// 412 because the server's version moved on with it.
    public static func isApplied(_ correction: Data, on serverCopy: Data) -> Bool {
        guard let sent = FHIRDocument.parseObject(correction), let current = FHIRDocument.parseObject(serverCopy),
              case .string(let status)? = sent["status"], case .string(let currentStatus)? = current["status"] else { return false }
        return status == currentStatus
    }

    /// `value` at the end of the array `key` of `resource`, made when it has none.
    private static func append(_ value: JSONValue, to key: String, of resource: JSONObject, in members: inout [(key: String, value: JSONValue)]) {
        if case .array(let values)? = resource[key] {
            set(key, .array(values + [value]), in: &members)
        } else {
            members.append((key: key, value: .array([value])))
        }
    }

    private static func set(_ key: String, _ value: JSONValue, in members: inout [(key: String, value: JSONValue)]) {
        if let index = members.firstIndex(where: { $0.key == key }) { members[index].value = value } else { members.append((key: key, value: value)) }
    }
}
