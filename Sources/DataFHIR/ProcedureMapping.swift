import CoreDomain
import Foundation

extension Procedure.Status: FHIRCode {
    static let byFHIRCode = codeTable()
}

/// Procedure -> `Procedure`.
///
/// | FHIR element                                   | domain       | on problem |
/// |------------------------------------------------|--------------|------------|
/// | status                                         | status       | reject     |
/// | code                                           | code         | reject     |
/// | subject (Patient)                              | patientID    | reject     |
/// | encounter (Encounter)                          | encounterID  | drop, warn |
/// | performedDateTime / performedPeriod.start      | performed (other forms: warned, dropped) | drop, warn |
enum ProcedureMapping {
    static func map(_ resource: ElementReader, id: String, context: MappingContext) throws(ElementProblem) -> Procedure {
        Procedure(
            id: id,
            patientID: try context.requiredReferenceID(resource, "subject", to: ["Patient"]),
            encounterID: context.optional { () throws(ElementProblem) in try context.referenceID(resource, "encounter", to: ["Encounter"]) },
            code: try resource.requiredConcept("code"),
            status: try resource.requiredCode("status"),
            performed: context.optional { () throws(ElementProblem) in try performed(resource) }
        )
    }

    private static func performed(_ resource: ElementReader) throws(ElementProblem) -> Date? {
        switch try resource.choice("performed") {
        case nil: return nil
        case "performedDateTime": return try resource.dateTime("performedDateTime")
        case "performedPeriod": return try resource.requiredObject("performedPeriod").asPeriod().start
        case let other?: throw resource.problem(other, "this form of performed[x] is not shown by the workstation")
        }
    }
}
