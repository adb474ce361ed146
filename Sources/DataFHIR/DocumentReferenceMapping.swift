import CoreDomain
import Foundation

extension ClinicalNote.Status: FHIRCode {
    static let byFHIRCode = codeTable()
}

/// DocumentReference -> `ClinicalNote`.
///
/// | FHIR element                                   | domain       | on problem |
/// |------------------------------------------------|--------------|------------|
/// | status                                         | status       | reject     |
/// | subject (Patient)                              | patientID    | reject     |
/// | content[].attachment (see `NoteContentReading`) | content     | reject     |
/// | context.encounter[0] (Encounter)               | encounterID  | drop, warn |
/// | type                                           | type         | drop, warn |
/// | date                                           | date         | drop, warn |
/// | author[] (first Practitioner)                  | authorID     | drop, warn |
/// | author[0].display                              | authorName   | drop, warn |
enum DocumentReferenceMapping {
    static let authorTypes: Set<String> = ["Practitioner", "PractitionerRole", "Organization", "Device", "Patient", "RelatedPerson"]

    static func map(_ resource: ElementReader, id: String, context: MappingContext) throws(ElementProblem) -> ClinicalNote {
        ClinicalNote(
            id: id,
            patientID: try context.requiredReferenceID(resource, "subject", to: ["Patient"]),
            encounterID: context.optional { () throws(ElementProblem) in try encounterID(resource, context: context) },
            status: try resource.requiredCode("status"),
            type: context.optional { () throws(ElementProblem) in try resource.concept("type") },
            date: context.optional { () throws(ElementProblem) in try resource.instant("date") },
            authorID: context.optional { () throws(ElementProblem) in try authorID(resource, context: context) },
            authorName: context.optional { () throws(ElementProblem) in try resource.objects("author").first?.string("display") },
            content: try NoteContentReading.content(resource)
        )
    }

    private static func encounterID(_ resource: ElementReader, context: MappingContext) throws(ElementProblem) -> String? {
        guard let first = try resource.object("context")?.objects("encounter").first else { return nil }
        return try context.referenceID(of: first, to: ["Encounter"])
    }

    /// The first author who is a Practitioner (organizations and devices author notes too);
    /// a Composition names its authors the same way.
    static func authorID(_ resource: ElementReader, context: MappingContext) throws(ElementProblem) -> String? {
        for author in try resource.objects("author") {
            guard let resolved = try context.references.resolve(author, to: authorTypes),
                  resolved.key.type == "Practitioner", !resolved.isContained
            else { continue }
            return resolved.key.id
        }
        return nil
    }
}
