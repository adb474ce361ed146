/// What mapping one resource needs besides its JSON: reference resolution, and a place for
/// problems that drop an optional element while keeping the resource (warnings). A class so
/// that closures passed to `optional` can read it while it records.
final class MappingContext {
    let references: ReferenceResolver
    private(set) var warnings: [ElementProblem] = []

    init(references: ReferenceResolver) {
        self.references = references
    }

    /// Reads an element the resource can do without: a problem is kept as a warning and the
    /// element is dropped (nil), instead of rejecting the whole resource.
    func optional<Value>(_ read: () throws(ElementProblem) -> Value?) -> Value? {
        do {
            return try read()
        } catch {
            warnings.append(error)
            return nil
        }
    }

    func warn(_ problem: ElementProblem) {
        warnings.append(problem)
    }

    /// The plain id of the resource referenced at `key` (which must be a stored resource of
    /// one of `types`, not a contained one), or nil when the element is absent.
    func referenceID(_ reader: ElementReader, _ key: String, to types: Set<String>) throws(ElementProblem) -> String? {
        guard let reference = try reader.object(key) else { return nil }
        return try referenceID(of: reference, to: types)
    }

    /// The plain id the Reference object `reference` points to (an item of a repeating element).
    func referenceID(of reference: ElementReader, to types: Set<String>) throws(ElementProblem) -> String {
        guard let resolved = try references.resolve(reference, to: types) else {
            throw reference.problem("reference", "missing (an identifier or display alone cannot be linked)")
        }
        guard !resolved.isContained else {
            throw reference.problem("reference", "points to a contained resource; the workstation links only to stored resources")
        }
        return resolved.key.id
    }

    func requiredReferenceID(_ reader: ElementReader, _ key: String, to types: Set<String>) throws(ElementProblem) -> String {
        guard let id = try referenceID(reader, key, to: types) else { throw reader.problem(key, "missing") }
        return id
    }
}
