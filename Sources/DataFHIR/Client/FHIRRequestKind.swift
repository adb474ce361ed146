/// What a request is for, so errors and 403s can say it in the user's terms
/// ("Observation search", scope `system/Observation.read`) without quoting the URL's query,
/// which may hold patient ids.
public struct FHIRRequestKind: Sendable, Hashable, CustomStringConvertible {
    public var resourceType: String?
    public var interaction: String

    public init(resourceType: String?, interaction: String) {
        self.resourceType = resourceType
        self.interaction = interaction
    }

    public static let metadata = FHIRRequestKind(resourceType: nil, interaction: "capability statement")

    public static func search(_ type: String) -> FHIRRequestKind { FHIRRequestKind(resourceType: type, interaction: "search") }

    public static func read(_ type: String) -> FHIRRequestKind { FHIRRequestKind(resourceType: type, interaction: "read") }

    public static func update(_ type: String) -> FHIRRequestKind { FHIRRequestKind(resourceType: type, interaction: "update") }

    public var description: String { [resourceType, interaction].compactMap { $0 }.joined(separator: " ") }

    /// The SMART v1 scope this request needs (system level: write for an update, else read).
    public var requiredScope: String { "system/\(resourceType ?? "*").\(interaction == "update" ? "write" : "read")" }
}
