import Foundation

/// The JSON stored for a Bundle entry's resource: its exact bytes when they read correctly on
/// their own, else a copy with the assigned id filled in and `urn:uuid:` references replaced
/// by `Type/id` (those only mean something inside the Bundle).
enum BundleEntryJSON {
    static func data(_ resource: JSONObject, source: UnsafeRawBufferPointer, assignedID: String?, index: BundleIndex) -> Data {
        let needsRewrite = assignedID != nil || (index.hasUUIDs && containsUUIDReference(.object(resource)))
        guard needsRewrite else { return Data(source[resource.byteRange]) }
        var rewritten = rewriteReferences(resource, index: index)
        if let assignedID {
            let position = (rewritten.members.firstIndex { $0.key == "resourceType" } ?? -1) + 1
            rewritten.members.insert(("id", .string(assignedID)), at: position)
        }
        return JSONWriter.data(.object(rewritten))
    }

    private static func isUUIDReference(_ key: String, _ value: JSONValue) -> Bool {
        guard key == "reference", case .string(let text) = value else { return false }
        return text.hasPrefix("urn:uuid:")
    }

    private static func containsUUIDReference(_ value: JSONValue) -> Bool {
        switch value {
        case .array(let items): return items.contains(where: containsUUIDReference)
        case .object(let object): return object.members.contains { isUUIDReference($0.key, $0.value) || containsUUIDReference($0.value) }
        default: return false
        }
    }

    private static func rewriteReferences(_ object: JSONObject, index: BundleIndex) -> JSONObject {
        var result = object
        for position in result.members.indices {
            let (key, value) = result.members[position]
            if isUUIDReference(key, value), case .string(let text) = value, let target = index.keysByFullURL[text] {
                result.members[position].value = .string(target.description)
            } else {
                result.members[position].value = rewriteReferences(value, index: index)
            }
        }
        return result
    }

    private static func rewriteReferences(_ value: JSONValue, index: BundleIndex) -> JSONValue {
        switch value {
        case .array(let items): .array(items.map { rewriteReferences($0, index: index) })
        case .object(let object): .object(rewriteReferences(object, index: index))
        default: value
        }
    }
}
