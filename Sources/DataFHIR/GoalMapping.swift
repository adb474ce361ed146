import CoreDomain
import Foundation

extension Goal.Status: FHIRCode {
    static let byFHIRCode = codeTable()
}

/// Goal -> `Goal`.
///
/// | FHIR element        | domain      | on problem |
/// |---------------------|-------------|------------|
/// | lifecycleStatus     | status      | reject     |
/// | description         | description | reject     |
/// | subject (Patient)   | patientID   | reject     |
enum GoalMapping {
    static func map(_ resource: ElementReader, id: String, context: MappingContext) throws(ElementProblem) -> Goal {
        Goal(
            id: id,
            patientID: try context.requiredReferenceID(resource, "subject", to: ["Patient"]),
            status: try resource.requiredCode("lifecycleStatus"),
            description: try resource.requiredConcept("description")
        )
    }
}
