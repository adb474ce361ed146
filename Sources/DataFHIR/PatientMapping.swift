import CoreDomain
import Foundation

extension AdministrativeGender: FHIRCode {
    static let byFHIRCode = codeTable()
}

/// Patient -> `Patient`. Every element read identifies the patient, so any problem in one
/// rejects the resource rather than showing a chart under a wrong or missing name:
///
/// | FHIR element                             | domain                 | on problem |
/// |------------------------------------------|------------------------|------------|
/// | identifier (type MR, else the first)     | mrn, identifierLabel (type or system in words) | reject |
/// | name (official, usual, first not old)    | name                   | reject     |
/// | birthDate                                | birthDate (PartialDate)| reject     |
/// | gender                                   | gender (absent: unknown)| reject    |
/// | deceasedBoolean / deceasedDateTime       | isDeceased, deceasedAt | reject     |
enum PatientMapping {
    static let identifierTypeSystem = "http://terminology.hl7.org/CodeSystem/v2-0203"

    static func map(_ resource: ElementReader, id: String, context: MappingContext) throws(ElementProblem) -> Patient {
        var isDeceased = false
        var deceasedAt: Date?
        switch try resource.choice("deceased") {
        case nil: break
        case "deceasedBoolean": isDeceased = try resource.bool("deceasedBoolean") ?? false
        case "deceasedDateTime":
            deceasedAt = try resource.dateTime("deceasedDateTime")
            isDeceased = true
        case let other?: throw resource.problem(other, "not a deceased[x] form FHIR R4 defines")
        }
        let identifier = try medicalRecordNumber(resource)
        return Patient(
            id: id, mrn: identifier?.value, name: try resource.preferredName("name") ?? PersonName(),
            birthDate: try resource.date("birthDate"), gender: try resource.code("gender") ?? .unknown,
            isDeceased: isDeceased, deceasedAt: deceasedAt, identifierLabel: identifier?.label
        )
    }

    /// The value of the identifier typed MR (v2-0203); else the first identifier's, with its type or system in words.
    private static func medicalRecordNumber(_ resource: ElementReader) throws(ElementProblem) -> (value: String, label: String?)? {
        var first: (value: String, label: String?)?
        for identifier in try resource.objects("identifier") {
            let value = try identifier.string("value")
            if try isMedicalRecordType(identifier) {
                guard let value else { throw identifier.problem("value", "missing in the MR identifier") }
                return (value, nil)
            }
            if first == nil, let value { first = (value, try label(identifier)) }
        }
        return first
    }

    /// `Passport` (the type's text or display), else its code, else the system's last part when
    /// it is a word (`nhs-number`), else `ID`. A system ending in a number (a UUID, an OID, a
    /// hex key) names nothing a reader knows and would crowd the identifier off the banner.
    private static func label(_ identifier: ElementReader) throws(ElementProblem) -> String {
        if let type = try identifier.concept("type") {
            if let text = type.text ?? type.codings.first(where: { $0.display != nil })?.display ?? type.codings.first?.code { return text }
        }
        if let system = try identifier.string("system"),
           let last = system.split(whereSeparator: { $0 == "/" || $0 == ":" }).last, !last.isEmpty,
           !last.contains(where: \.isNumber) {
            return String(last)
        }
        return "ID"
    }

    private static func isMedicalRecordType(_ identifier: ElementReader) throws(ElementProblem) -> Bool {
        for coding in try identifier.object("type")?.objects("coding") ?? [] {
            if try coding.string("system") == identifierTypeSystem, try coding.string("code") == "MR" { return true }
        }
        return false
    }
}
