import Foundation

/// The JSON stored for a Bundle entry's resource: its exact bytes when they read correctly on
/// their own, else a copy with the assigned id filled in and `urn:uuid:` references replaced
/// by `Type/id` (those only mean something inside the Bundle).
enum BundleEntryJSON {
    static func data(_ resource: JSONObject, source: UnsafeRawBufferPointer, assignedID: String?, index: BundleIndex) -> Data {
        let rewrittenReferences = index.hasUUIDs ? rewriteReferences(resource, index: index) : nil
        guard assignedID != nil || rewrittenReferences != nil else { return Data(source[resource.byteRange]) }
        var rewritten = rewrittenReferences ?? resource
        rewritten.byteRange = 0..<0
        if let assignedID {
            let position = (rewritten.members.firstIndex { $0.key == "resourceType" } ?? -1) + 1
            rewritten.members.insert(("id", .string(assignedID)), at: position)
        }
        // Members left alone are copied from the source as they were received.
        return JSONWriter.data(.object(rewritten), verbatimFrom: source, capacity: resource.byteRange.count + 64)
    }

    private static func isUUIDReference(_ key: String, _ value: JSONValue) -> Bool {
        guard key == "reference", case .string(let text) = value else { return false }
        return text.hasPrefix("urn:uuid:")
    }

    /// `object` with its `urn:uuid:` references replaced, and an empty source range on it and
    /// on every object it holds that changed; nil when nothing in it changed.
    private static func rewriteReferences(_ object: JSONObject, index: BundleIndex) -> JSONObject? {
        var result = object
        var changed = false
        for position in result.members.indices {
            let (key, value) = result.members[position]
            if isUUIDReference(key, value), case .string(let text) = value, let target = index.keysByFullURL[text] {
                result.members[position].value = .string(target.description)
                changed = true
            } else if let rewritten = rewriteReferences(value, index: index) {
                result.members[position].value = rewritten
                changed = true
            }
        }
        guard changed else { return nil }
        result.byteRange = 0..<0
        return result
    }

    private static func rewriteReferences(_ value: JSONValue, index: BundleIndex) -> JSONValue? {
        switch value {
        case .array(var items):
            var changed = false
            for position in items.indices {
                guard let rewritten = rewriteReferences(items[position], index: index) else { continue }
                items[position] = rewritten
                changed = true
            }
            return changed ? .array(items) : nil
        case .object(let object): return rewriteReferences(object, index: index).map(JSONValue.object)
        default: return nil
        }
    }
}
