import Foundation

/// A Bundle -> the resources in its entries. All R4 Bundle types are read the same way;
/// the type only has to be a valid code.
///
/// References between entries resolve through `fullUrl`. An entry whose resource has no id
/// takes the uuid of its `urn:uuid:` fullUrl as id (transaction bundles are written that way).
/// Entries are counted from 1 in problem locations (`entry 3`).
enum BundleReading {
    static let types: Set<String> = [
        "document", "message", "transaction", "transaction-response", "batch", "batch-response", "history", "searchset", "collection",
    ]

    private struct Entry {
        var number: Int
        var resource: JSONObject
        var assignedID: String?
    }

    static func read(
        _ bundle: JSONObject, source: UnsafeRawBufferPointer, origin: ProblemOrigin, limits: FHIRLimits,
        emit: (ResourceDecoder.Outcome) throws -> Void
    ) rethrows {
        let reader = ElementReader(bundle)
        let bundleID = (try? reader.string("id")).flatMap { $0.flatMap { ResourceKey.isID($0[...]) ? $0 : nil } }
        func problem(_ path: String, _ message: String, at location: String? = nil, severity: FHIRProblem.Severity = .error) -> ResourceDecoder.Outcome {
            var entryOrigin = origin
            entryOrigin.location = location ?? origin.location
            let kind: FHIRProblem.Kind = severity == .error ? .unreadable : .invalidElement
            return ResourceDecoder.Outcome(origin: entryOrigin, problems: [entryOrigin.problem(type: "Bundle", id: bundleID, path: path, message, severity: severity, kind: kind)])
        }
        if let typeProblem = typeProblem(reader) { return try emit(problem(typeProblem.path.description, typeProblem.message)) }
        guard let entryValue = bundle["entry"] else { return }
        guard case .array(let values) = entryValue else { return try emit(problem("entry", "expected array, found \(entryValue.typeName)")) }

        var index = BundleIndex()
        var entries: [Entry] = []
        entries.reserveCapacity(values.count)
        for (offset, value) in values.enumerated() {
            let location = "entry \(offset + 1)"
            let path = "entry[\(offset)]"
            guard case .object(let entry) = value else {
                try emit(problem(path, "expected object, found \(value.typeName)", at: location))
                continue
            }
            guard let resourceValue = entry["resource"] else {
                if !isDeletion(entry) { try emit(problem(path, "has no resource; skipped", at: location, severity: .warning)) }
                continue
            }
            guard case .object(let resource) = resourceValue else {
                try emit(problem("\(path).resource", "expected object, found \(resourceValue.typeName)", at: location))
                continue
            }
            let fullURL = stringValue(entry["fullUrl"])
            let id = stringValue(resource["id"])
            let assignedID = id == nil ? fullURL.flatMap(uuid) : nil
            if let type = stringValue(resource["resourceType"]), let id = id ?? assignedID {
                let key = ResourceKey(type: type, id: id)
                if let fullURL { index.keysByFullURL[fullURL] = index.keysByFullURL[fullURL] ?? key }
                index.resources[key] = index.resources[key] ?? resource
            }
            entries.append(Entry(number: offset + 1, resource: resource, assignedID: assignedID))
        }

        for entry in entries {
            let entryOrigin = ProblemOrigin(file: origin.file, location: "entry \(entry.number)")
            guard entry.resource.byteRange.count <= limits.maxResourceBytes else {
                try emit(ResourceDecoder.Outcome(origin: entryOrigin, problems: [entryOrigin.problem("resource is larger than \(FHIRLimits.megabytes(limits.maxResourceBytes)); skipped", kind: .unreadable)]))
                continue
            }
            try emit(ResourceDecoder.decode(entry.resource, origin: entryOrigin, assignedID: entry.assignedID, bundle: index) {
                BundleEntryJSON.data(entry.resource, source: source, assignedID: entry.assignedID, index: index)
            })
        }
    }

    private static func typeProblem(_ reader: ElementReader) -> ElementProblem? {
        do {
            let type = try reader.requiredString("type")
            return types.contains(type) ? nil : reader.problem("type", unknownCodeMessage(type, expected: types.sorted().joined(separator: ", ")))
        } catch {
            return error
        }
    }

    private static func stringValue(_ value: JSONValue?) -> String? {
        guard case .string(let text)? = value, !text.isEmpty else { return nil }
        return text
    }

    /// The uuid of a `urn:uuid:` URL, when it is usable as a FHIR id.
    private static func uuid(_ fullURL: String) -> String? {
        guard fullURL.hasPrefix("urn:uuid:") else { return nil }
        let uuid = fullURL.dropFirst("urn:uuid:".count)
        return ResourceKey.isID(uuid) ? String(uuid) : nil
    }

    /// Transaction and history entries that delete carry no resource, rightly.
    private static func isDeletion(_ entry: JSONObject) -> Bool {
        guard case .object(let request)? = entry["request"] else { return false }
        return stringValue(request["method"]) == "DELETE"
    }
}
