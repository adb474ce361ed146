import CoreDomain
import Foundation

/// Location -> `Location`.
///
/// | FHIR element                                   | domain    | on problem |
/// |------------------------------------------------|-----------|------------|
/// | name                                           | name      | reject     |
/// | physicalType (location-physical-type coding)   | kind: wa ward, ro room, bd bed, bu building, si site, other R4 codes other | reject; an unknown code is warned and read as other |
/// | partOf (Location)                              | partOfID  | reject     |
enum LocationMapping {
    static let physicalTypeSystem = "http://terminology.hl7.org/CodeSystem/location-physical-type"

    static let kindByCode: [String: Location.Kind] = [
        "si": .site, "bu": .building, "wi": .other, "wa": .ward, "lvl": .other, "co": .other, "ro": .room,
        "bd": .bed, "ve": .other, "ho": .other, "ca": .other, "rd": .other, "area": .other, "jdn": .other,
    ]

    static func map(_ resource: ElementReader, id: String, context: MappingContext) throws(ElementProblem) -> Location {
        Location(
            id: id, name: try resource.requiredString("name"), kind: try kind(resource, context: context),
            partOfID: try context.referenceID(resource, "partOf", to: ["Location"])
        )
    }

    private static func kind(_ resource: ElementReader, context: MappingContext) throws(ElementProblem) -> Location.Kind {
        guard let physicalType = try resource.object("physicalType") else { return .other }
        for coding in try physicalType.objects("coding") where try coding.string("system") == physicalTypeSystem {
            let code = try coding.requiredString("code")
            if let kind = kindByCode[code] { return kind }
            context.warn(coding.problem("code", unknownCodeMessage(code, expected: kindByCode.keys.sorted().joined(separator: ", ")) + "; read as other"))
            return .other
        }
        return .other
    }
}
