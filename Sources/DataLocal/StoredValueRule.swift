import DataFHIR

/// What a cache stores of each resource's decoded value; the JSON is stored as received
/// either way. Every real cache stores values as decoded (`asDecoded`). A composition root may
/// keep one cache's values apart from their JSON (the demo moves its fixtures' dates, see
/// emr's `DemoDateShift`); whatever writes into that cache, importing or charting, is given
/// the same rule, so a correction decoded again from the stored JSON lands where it was shown.
public struct StoredValueRule: Sendable {
    private let change: (@Sendable (ClinicalResource) -> ClinicalResource)?

    public init(_ change: @escaping @Sendable (ClinicalResource) -> ClinicalResource) {
        self.change = change
    }

    private init() {
        change = nil
    }

    public static let asDecoded = StoredValueRule()

    func stored(_ resource: DecodedResource) -> DecodedResource {
        guard let change else { return resource }
        var stored = resource
        stored.content = change(resource.content)
        return stored
    }
}
