import CoreDomain

/// Practitioner -> `Practitioner`. The name only labels orders and encounters, so a
/// malformed one is dropped with a warning and the practitioner kept.
///
/// | FHIR element                          | domain | on problem |
/// |---------------------------------------|--------|------------|
/// | name (official, usual, first not old) | name   | drop, warn |
enum PractitionerMapping {
    static func map(_ resource: ElementReader, id: String, context: MappingContext) throws(ElementProblem) -> Practitioner {
        Practitioner(id: id, name: context.optional { () throws(ElementProblem) in try resource.preferredName("name") } ?? PersonName())
    }
}
