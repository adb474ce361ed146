/// What a Bundle lets its entries refer to: `fullUrl` -> resource identity (how `urn:uuid:`
/// references resolve) and identity -> resource (so a MedicationRequest can read the code of
/// a Medication sent alongside it). The first entry wins when a fullUrl or identity repeats.
struct BundleIndex: Sendable {
    private(set) var keysByFullURL: [String: ResourceKey] = [:]
    private(set) var resources: [ResourceKey: JSONObject] = [:]
    /// Whether any entry has a `urn:uuid:` fullUrl, i.e. whether stored entries may need rewriting.
    private(set) var hasUUIDs = false

    mutating func add(_ resource: JSONObject, key: ResourceKey, fullURL: String?) {
        if let fullURL, keysByFullURL[fullURL] == nil {
            keysByFullURL[fullURL] = key
            hasUUIDs = hasUUIDs || fullURL.hasPrefix("urn:uuid:")
        }
        if resources[key] == nil { resources[key] = resource }
    }
}
