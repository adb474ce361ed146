/// Something in a FHIR source the workstation could not (fully) use, said precisely enough to
/// find it: file, line or Bundle entry, resource, JSON path. Messages never quote element
/// values, so a problem may be logged without leaking patient data.
public struct FHIRProblem: Sendable, Hashable, CustomStringConvertible {
    public enum Severity: String, Sendable, Hashable {
        /// The resource (or the whole line / file, for unreadable input) was not read.
        case error
        /// The resource was read or deliberately skipped; an optional element may be missing.
        case warning
    }

    public enum Kind: String, Sendable, Hashable {
        /// Not JSON, too large, nested too deeply, or not a resource at all. Nothing read from it.
        case unreadable
        /// A mandatory or used element is missing or malformed: the resource is skipped.
        case invalidResource
        /// An optional element is malformed: it is dropped, the resource is kept.
        case invalidElement
        /// A resource type the workstation does not use (MedicationAdministration...): skipped.
        case unsupportedType
        /// A second resource with the same type and id in one file: the first one is kept.
        case duplicateResource
        /// An issue reported by the sender in an OperationOutcome.
        case senderOutcome
        /// A reference to a resource that is not in the imported set (`ReferenceAudit`).
        case unresolvedReference
        /// A resource the request did not ask for (another patient's, another type), or one
        /// whose patient's own record did not come: not stored.
        case outOfScope
    }

    public var file: String?
    /// `line 12` (NDJSON) or `entry 3` (Bundle, counted from 1).
    public var location: String?
    public var resourceType: String?
    public var resourceID: String?
    /// The element inside the resource, FHIRPath-like (`valueQuantity.value`); empty for the
    /// resource as a whole. Without a resource type it describes the input (`Bundle.type`).
    public var path: String
    public var message: String
    public var severity: Severity
    public var kind: Kind

    public init(
        file: String? = nil, location: String? = nil, resourceType: String? = nil, resourceID: String? = nil,
        path: String = "", message: String, severity: Severity, kind: Kind
    ) {
        self.file = file
        self.location = location
        self.resourceType = resourceType
        self.resourceID = resourceID
        self.path = path
        self.message = message
        self.severity = severity
        self.kind = kind
    }

    /// `demo.ndjson: line 12: Observation/abc.valueQuantity.value: expected number, found string`
    public var description: String {
        var subject = resourceType.map { type in resourceID.map { "\(type)/\($0)" } ?? type } ?? ""
        if !path.isEmpty { subject += subject.isEmpty ? path : ".\(path)" }
        return [file, location, subject.isEmpty ? nil : subject, message].compactMap { $0 }.joined(separator: ": ")
    }
}
