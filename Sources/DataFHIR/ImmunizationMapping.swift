import CoreDomain
import Foundation

extension Immunization.Status: FHIRCode {
    static let byFHIRCode = codeTable()
}

/// Immunization -> `Immunization`.
///
/// | FHIR element                 | domain       | on problem |
/// |------------------------------|--------------|------------|
/// | status                       | status       | reject     |
/// | vaccineCode                  | vaccine      | reject     |
/// | patient (Patient)            | patientID    | reject     |
/// | encounter (Encounter)        | encounterID  | drop, warn |
/// | occurrenceDateTime           | occurrence (occurrenceString: warned, dropped) | drop, warn |
enum ImmunizationMapping {
    static func map(_ resource: ElementReader, id: String, context: MappingContext) throws(ElementProblem) -> Immunization {
        Immunization(
            id: id,
            patientID: try context.requiredReferenceID(resource, "patient", to: ["Patient"]),
            encounterID: context.optional { () throws(ElementProblem) in try context.referenceID(resource, "encounter", to: ["Encounter"]) },
            vaccine: try resource.requiredConcept("vaccineCode"),
            status: try resource.requiredCode("status"),
            occurrence: context.optional { () throws(ElementProblem) in try occurrence(resource) }
        )
    }

    private static func occurrence(_ resource: ElementReader) throws(ElementProblem) -> Date? {
        switch try resource.choice("occurrence") {
        case nil: return nil
        case "occurrenceDateTime": return try resource.dateTime("occurrenceDateTime")
        case let other?: throw resource.problem(other, "this form of occurrence[x] is not shown by the workstation")
        }
    }
}
