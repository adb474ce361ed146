/// What a Bundle lets its entries refer to: `fullUrl` -> resource identity (how `urn:uuid:`
/// references resolve) and identity -> resource (so a MedicationRequest can read the code of
/// a Medication sent alongside it).
struct BundleIndex: Sendable {
    var keysByFullURL: [String: ResourceKey] = [:]
    var resources: [ResourceKey: JSONObject] = [:]

    var hasUUIDs: Bool { keysByFullURL.keys.contains { $0.hasPrefix("urn:uuid:") } }
}
