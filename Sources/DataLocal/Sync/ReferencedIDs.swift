import DataFHIR
import Foundation

/// The Location and Practitioner ids a set of resources points at (`"reference":
/// "Location/x"` anywhere in their JSON, including `Location.partOf`), so sync can fetch
/// the wards, beds and clinicians the screens name.
enum ReferencedIDs {
    static let types = ["Location", "Practitioner"]

    static func find(in resources: [DecodedResource]) -> [String: Set<String>] {
        var found: [String: Set<String>] = [:]
        for resource in resources {
            let text = String(decoding: resource.json, as: UTF8.self)
            for type in types {
                var rest = text[...]
                let marker = "\"\(type)/"
                while let range = rest.range(of: marker) {
                    let tail = rest[range.upperBound...]
                    let id = tail.prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." }
                    if tail.dropFirst(id.count).first == "\"", !id.isEmpty, id.count <= 64 { found[type, default: []].insert(String(id)) }
                    rest = tail
                }
            }
        }
        return found
    }
}
