import CoreDomain
import Foundation

extension CarePlan.Status: FHIRCode {
    static let byFHIRCode = codeTable()
}

/// CarePlan -> `CarePlan`.
///
/// | FHIR element                     | domain      | on problem |
/// |----------------------------------|-------------|------------|
/// | status                           | status      | reject     |
/// | subject (Patient)                | patientID   | reject     |
/// | title                            | title       | drop, warn |
/// | category[]                       | categories  | drop, warn |
/// | activity[].detail.code           | activities  | drop, warn |
/// | period.start                     | start       | drop, warn |
enum CarePlanMapping {
    static func map(_ resource: ElementReader, id: String, context: MappingContext) throws(ElementProblem) -> CarePlan {
        CarePlan(
            id: id,
            patientID: try context.requiredReferenceID(resource, "subject", to: ["Patient"]),
            status: try resource.requiredCode("status"),
            title: context.optional { () throws(ElementProblem) in try resource.string("title") },
            categories: context.optional { () throws(ElementProblem) in try resource.concepts("category") } ?? [],
            activities: context.optional { () throws(ElementProblem) in try activities(resource) } ?? [],
            start: context.optional { () throws(ElementProblem) in try resource.object("period")?.asPeriod().start }
        )
    }

    private static func activities(_ resource: ElementReader) throws(ElementProblem) -> [CodedConcept] {
        var found: [CodedConcept] = []
        for activity in try resource.objects("activity") {
            if let code = try activity.object("detail")?.concept("code") { found.append(code) }
        }
        return found
    }
}
