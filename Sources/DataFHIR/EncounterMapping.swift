import CoreDomain
import Foundation

extension Encounter.Status: FHIRCode {
    /// R4 spells "on leave" as one word.
    static let byFHIRCode = codeTable(extra: ["onleave": .onLeave])
}

/// Encounter -> `Encounter`.
///
/// | FHIR element                         | domain                               | on problem |
/// |--------------------------------------|--------------------------------------|------------|
/// | status                               | status                               | reject     |
/// | class (v3 ActCode Coding)            | encounterClass (other codes: unknown, warned) | reject |
/// | subject (Patient)                    | patientID                            | reject     |
/// | period                               | period                               | reject     |
/// | location[].location (Location)       | locationIDs, current before former   | reject     |
/// | participant[].individual             | practitionerID (first Practitioner)  | drop, warn |
/// | type[0]                              | type                                 | drop, warn |
/// | reasonCode[0]                        | reason                               | drop, warn |
enum EncounterMapping {
    static let actCodeSystem = "http://terminology.hl7.org/CodeSystem/v3-ActCode"

    static let classByActCode: [String: Encounter.Class] = [
        "IMP": .inpatient, "ACUTE": .inpatient, "NONAC": .inpatient,
        "AMB": .outpatient, "EMER": .emergency, "HH": .homeHealth, "VR": .virtual,
    ]

    /// Location statuses meaning the patient is not there now; such entries go after the rest.
    static let formerLocationStatuses: Set<String> = ["completed", "planned"]
    static let locationStatuses: Set<String> = ["planned", "active", "reserved", "completed"]

    static func map(_ resource: ElementReader, id: String, context: MappingContext) throws(ElementProblem) -> Encounter {
        Encounter(
            id: id,
            patientID: try context.requiredReferenceID(resource, "subject", to: ["Patient"]),
            encounterClass: try encounterClass(resource, context: context),
            status: try resource.requiredCode("status"),
            period: try resource.object("period")?.asPeriod() ?? Period(),
            locationIDs: try locationIDs(resource, context: context),
            type: context.optional { () throws(ElementProblem) in try resource.concepts("type").first },
            reason: context.optional { () throws(ElementProblem) in try resource.concepts("reasonCode").first },
            practitionerID: context.optional { () throws(ElementProblem) in try practitionerID(resource, context: context) }
        )
    }

    private static func encounterClass(_ resource: ElementReader, context: MappingContext) throws(ElementProblem) -> Encounter.Class {
        let coding = try resource.requiredObject("class")
        let system = try coding.string("system")
        let code = try coding.requiredString("code")
        if system == nil || system == actCodeSystem, let mapped = classByActCode[code] { return mapped }
        context.warn(coding.problem("code", unknownCodeMessage(code, expected: "v3 ActCode IMP, ACUTE, NONAC, AMB, EMER, HH, VR") + "; shown as unknown class"))
        return .unknown
    }

    /// Locations in the order given, except that completed or planned ones follow the others,
    /// so the first id is where the patient is now.
    private static func locationIDs(_ resource: ElementReader, context: MappingContext) throws(ElementProblem) -> [String] {
        var current: [String] = []
        var former: [String] = []
        for entry in try resource.objects("location") {
            let locationID = try context.requiredReferenceID(entry, "location", to: ["Location"])
            let status = try entry.string("status")
            if let status, !locationStatuses.contains(status) {
                throw entry.problem("status", unknownCodeMessage(status, expected: locationStatuses.sorted().joined(separator: ", ")))
            }
            if let status, formerLocationStatuses.contains(status) { former.append(locationID) } else { current.append(locationID) }
        }
        return current + former
    }

    /// The first participant who is a Practitioner (PractitionerRole and RelatedPerson are valid
    /// participants the workstation does not link).
    private static func practitionerID(_ resource: ElementReader, context: MappingContext) throws(ElementProblem) -> String? {
        for participant in try resource.objects("participant") {
            guard let individual = try participant.object("individual"),
                  let resolved = try context.references.resolve(individual, to: ["Practitioner", "PractitionerRole", "RelatedPerson"]),
                  resolved.key.type == "Practitioner", !resolved.isContained
            else { continue }
            return resolved.key.id
        }
        return nil
    }
}
