/// A reference resolved to the resource it names.
struct ResolvedReference: Sendable {
    var key: ResourceKey
    /// The target's JSON when it travels with the reference: contained, or in the same Bundle.
    var target: ElementReader?
    var isContained: Bool
}

/// Resolves the four reference forms FHIR sources use: relative (`Patient/123`), `urn:uuid:`
/// within a Bundle, contained (`#med1`) and absolute URLs (`https://host/fhir/Patient/123`,
/// read as `Patient/123`: one workstation imports from one server at a time).
struct ReferenceResolver: Sendable {
    /// The resource holding the references, for `#id` lookups in its `contained`.
    let resource: ElementReader
    let bundle: BundleIndex?

    /// The target of the Reference object `reference`, or nil when it has no literal
    /// `reference` (only `identifier` or `display`). The target's type must be in `types`.
    func resolve(_ reference: ElementReader, to types: Set<String>) throws(ElementProblem) -> ResolvedReference? {
        guard let text = try reference.string("reference") else { return nil }
        let resolved = try resolveText(text, in: reference)
        if let declared = try reference.string("type"), declared != resolved.key.type {
            throw reference.problem("type", "says \(declared) but the reference points to \(resolved.key.type)")
        }
        guard types.contains(resolved.key.type) else {
            throw reference.problem("reference", "expected a reference to \(types.sorted().joined(separator: " or ")), found \(resolved.key.type)")
        }
        return resolved
    }

    private func resolveText(_ text: String, in reference: ElementReader) throws(ElementProblem) -> ResolvedReference {
        if text.hasPrefix("#") { return try contained(id: text.dropFirst(), in: reference) }
        if let key = bundle?.keysByFullURL[text] {
            return ResolvedReference(key: key, target: target(key), isContained: false)
        }
        if text.hasPrefix("urn:") {
            let scope = bundle == nil ? "outside a Bundle" : "and no entry of this Bundle has that fullUrl"
            throw reference.problem("reference", "is a \(text.hasPrefix("urn:uuid:") ? "urn:uuid" : "urn") reference \(scope), so it cannot be resolved")
        }
        var path = Substring(text)
        if let colon = text.utf8.firstIndex(of: UInt8(ascii: ":")) {
            path = text[colon...].drop { $0 == ":" || $0 == "/" }
            if let query = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<query] }
        }
        guard let key = ResourceKey(referencePath: path) else {
            throw reference.problem("reference", "is not of the form Type/id, a URL ending in Type/id, urn:uuid: or #id")
        }
        return ResolvedReference(key: key, target: target(key), isContained: false)
    }

    private func target(_ key: ResourceKey) -> ElementReader? {
        bundle?.resources[key].map { ElementReader($0, path: .root) }
    }

    private func contained(id: Substring, in reference: ElementReader) throws(ElementProblem) -> ResolvedReference {
        for (index, member) in (try resource.objects("contained")).enumerated() {
            guard try member.string("id").map({ $0 == id }) == true else { continue }
            let type = try member.requiredString("resourceType")
            return ResolvedReference(
                key: ResourceKey(type: type, id: String(id)),
                target: ElementReader(member.object, path: JSONPath.root.appending("contained").appending(index: index)),
                isContained: true
            )
        }
        throw reference.problem("reference", "points to #\(ResourceKey.isID(id) ? String(id) : "…"), which is not among the contained resources")
    }
}
