import CoreDomain
import Foundation

/// Composition -> `ClinicalNote`: a document (a discharge summary, a consultation) read as one
/// note, its title, then each section's title and narrative, nested sections after their
/// parent's. The narrative (`text.div`, XHTML) is read as the text a reader sees
/// (`HTMLText`), cleaned and bounded as every note is (`NoteContentReading.bounded`). What a
/// section's `entry[]` references is not fetched: its narrative is what the document says.
///
/// | FHIR element                                   | domain       | on problem |
/// |------------------------------------------------|--------------|------------|
/// | status (preliminary, final, amended: current)  | status       | reject     |
/// | subject (Patient)                              | patientID    | reject     |
/// | title, section[] (title, text.div, section[])  | content      | reject when it says nothing |
/// | encounter (Encounter)                          | encounterID  | drop, warn |
/// | type                                           | type         | drop, warn |
/// | date                                           | date         | drop, warn |
/// | author[] (first Practitioner), author[0].display | authorID, authorName | drop, warn |
enum CompositionMapping {
    /// Sections nested deeper than this are not read: no real document nests so far, and a
    /// hostile one cannot recurse without end.
    static let deepestSection = 8

    static func map(_ resource: ElementReader, id: String, context: MappingContext) throws(ElementProblem) -> ClinicalNote {
        ClinicalNote(
            id: id,
            patientID: try context.requiredReferenceID(resource, "subject", to: ["Patient"]),
            encounterID: context.optional { () throws(ElementProblem) in try context.referenceID(resource, "encounter", to: ["Encounter"]) },
            status: try status(resource),
            type: context.optional { () throws(ElementProblem) in try resource.concept("type") },
            date: context.optional { () throws(ElementProblem) in try resource.instant("date") },
            authorID: context.optional { () throws(ElementProblem) in try DocumentReferenceMapping.authorID(resource, context: context) },
            authorName: context.optional { () throws(ElementProblem) in try resource.objects("author").first?.string("display") },
            content: try content(resource)
        )
    }

    private static func status(_ resource: ElementReader) throws(ElementProblem) -> ClinicalNote.Status {
        switch try resource.string("status") {
        case "preliminary", "final", "amended": .current
        case "entered-in-error": .enteredInError
        case nil: throw resource.problem("status", "missing")
        case let code?: throw resource.problem("status", "unknown code '\(code)'")
        }
    }

    private static func content(_ resource: ElementReader) throws(ElementProblem) -> NoteContent {
        var paragraphs = try resource.string("title").map { [$0] } ?? []
        try sections(of: resource, depth: 1, into: &paragraphs)
        let text = NoteTextCleaning.clean(paragraphs.filter { !$0.isEmpty }.joined(separator: "\n\n"))
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw resource.problem("section", "missing") }
        return NoteContentReading.bounded(text)
    }

    private static func sections(of parent: ElementReader, depth: Int, into paragraphs: inout [String]) throws(ElementProblem) {
        guard depth <= deepestSection else { return }
        for section in try parent.objects("section") {
            if let title = try section.string("title") { paragraphs.append(title) }
            if let div = try section.object("text")?.string("div") {
                paragraphs.append(HTMLText.plain(div).trimmingCharacters(in: .whitespacesAndNewlines))
            }
            try sections(of: section, depth: depth + 1, into: &paragraphs)
        }
    }
}
