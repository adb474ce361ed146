import Foundation

/// A Bundle -> the resources in its entries. All R4 Bundle types are read the same way;
/// the type only has to be a valid code.
///
/// References between entries resolve through `fullUrl`. An entry whose resource has no id
/// takes the uuid of its `urn:uuid:` fullUrl as id (transaction bundles are written that way).
/// Entries are counted from 1 in problem locations (`entry 3`); paths use FHIR's 0-based
/// indices (`entry[2]`). In transaction and batch Bundles a missing or unknown `request` is
/// warned about; the resource itself is still read.
enum BundleReading {
    static let types: Set<String> = [
        "document", "message", "transaction", "transaction-response", "batch", "batch-response", "history", "searchset", "collection",
    ]

    private struct Entry {
        var number: Int
        var resource: JSONObject
        var assignedID: String?
    }

    /// `tooDeep`: where the parser stepped over values nested past the limit (`JSONParser`).
    /// An entry whose resource holds one is skipped and named; one outside every entry is
    /// the Bundle's own, and the Bundle is not read.
    static func read(
        _ bundle: JSONObject, source: UnsafeRawBufferPointer, origin: ProblemOrigin, limits: FHIRLimits, tooDeep: [Int] = [],
        emit: (ResourceDecoder.Outcome) throws -> Void
    ) rethrows {
        let tooDeepMessage = "JSON nested deeper than \(limits.maxResourceDepth) levels"
        let reader = ElementReader(bundle)
        let bundleID = (try? reader.string("id")).flatMap { $0.flatMap { ResourceKey.isID($0[...]) ? $0 : nil } }
        func problem(_ path: String, _ message: String, at location: String? = nil, severity: FHIRProblem.Severity = .error) -> ResourceDecoder.Outcome {
            var entryOrigin = origin
            entryOrigin.location = location ?? origin.location
            let kind: FHIRProblem.Kind = severity == .error ? .unreadable : .invalidElement
            return ResourceDecoder.Outcome(origin: entryOrigin, problems: [entryOrigin.problem(type: "Bundle", id: bundleID, path: path, message, severity: severity, kind: kind)])
        }
        let type: String
        switch bundleType(reader) {
        case .success(let code): type = code
        case .failure(let typeProblem): return try emit(problem(typeProblem.path.description, typeProblem.message))
        }
        let requestsRequired = type == "transaction" || type == "batch"
        guard let entryValue = bundle["entry"] else { return }
        guard case .array(let values) = entryValue else { return try emit(problem("entry", "expected array, found \(entryValue.typeName)")) }
        let inEntries = values.reduce(0) { count, value in
            if case .object(let entry) = value { count + skips(in: entry.byteRange, tooDeep) } else { count }
        }
        guard inEntries == tooDeep.count else {
            return try emit(origin.outcome(tooDeepMessage + "; not read", kind: .unreadable))
        }

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
            let requestProblem = requestsRequired ? Self.requestProblem(ElementReader(entry, path: JSONPath.root.appending("entry").appending(index: offset))) : nil
            guard let resourceValue = entry["resource"] else {
                if let requestProblem {
                    try emit(problem(requestProblem.path.description, requestProblem.message + "; entry skipped", at: location, severity: .warning))
                } else if !isDeletion(entry) {
                    try emit(problem(path, "has no resource; skipped", at: location, severity: .warning))
                }
                continue
            }
            if let requestProblem { try emit(problem(requestProblem.path.description, requestProblem.message, at: location, severity: .warning)) }
            guard case .object(let resource) = resourceValue else {
                try emit(problem("\(path).resource", "expected object, found \(resourceValue.typeName)", at: location))
                continue
            }
            let id = stringValue(resource["id"])
            if skips(in: resource.byteRange, tooDeep) > 0 {
                let skipped = ProblemOrigin(file: origin.file, location: location)
                try emit(ResourceDecoder.Outcome(origin: skipped, problems: [
                    skipped.problem(type: stringValue(resource["resourceType"]), id: id, tooDeepMessage + "; entry skipped", kind: .unreadable),
                ]))
                continue
            }
            let fullURL = stringValue(entry["fullUrl"])
            let assignedID = id == nil ? fullURL.flatMap(uuid) : nil
            if let type = stringValue(resource["resourceType"]), let id = id ?? assignedID {
                index.add(resource, key: ResourceKey(type: type, id: id), fullURL: fullURL)
            }
            entries.append(Entry(number: offset + 1, resource: resource, assignedID: assignedID))
        }

        for entry in entries {
            let entryOrigin = ProblemOrigin(file: origin.file, location: "entry \(entry.number)")
            guard entry.resource.byteRange.count <= limits.maxResourceBytes else {
                try emit(entryOrigin.outcome("resource is larger than \(FHIRLimits.megabytes(limits.maxResourceBytes)); not read", kind: .unreadable))
                continue
            }
            try emit(ResourceDecoder.decode(entry.resource, origin: entryOrigin, assignedID: entry.assignedID, bundle: index) {
                BundleEntryJSON.data(entry.resource, source: source, assignedID: entry.assignedID, index: index)
            })
        }
    }

    /// How many of `offsets` (ascending, as the parser found them) fall in `range`: two binary
    /// searches, so a Bundle of many entries with many skipped values stays linear-ish.
    private static func skips(in range: Range<Int>, _ offsets: [Int]) -> Int {
        func firstIndex(notBelow bound: Int) -> Int {
            var low = 0, high = offsets.count
            while low < high {
                let middle = (low + high) / 2
                if offsets[middle] < bound { low = middle + 1 } else { high = middle }
            }
            return low
        }
        return offsets.isEmpty ? 0 : firstIndex(notBelow: range.upperBound) - firstIndex(notBelow: range.lowerBound)
    }

    private static func bundleType(_ reader: ElementReader) -> Result<String, ElementProblem> {
        Result { () throws(ElementProblem) in
            let type = try reader.requiredString("type")
            guard types.contains(type) else { throw reader.problem("type", unknownCodeMessage(type, expected: types.sorted().joined(separator: ", "))) }
            return type
        }
    }

    static let methods: Set<String> = ["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH"]

    /// What is wrong with a transaction or batch entry's `request` (required there, bdl-3).
    /// The workstation executes no requests, so this is only reported, as a warning.
    private static func requestProblem(_ entry: ElementReader) -> ElementProblem? {
        do {
            let request = try entry.requiredObject("request")
            let method = try request.requiredString("method")
            return methods.contains(method) ? nil : request.problem("method", unknownCodeMessage(method, expected: methods.sorted().joined(separator: ", ")))
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
