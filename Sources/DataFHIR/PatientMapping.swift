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
/// | identifier (type MR, else the first)     | mrn                    | reject     |
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
        return Patient(
            id: id, mrn: try medicalRecordNumber(resource), name: try resource.preferredName("name") ?? PersonName(),
            birthDate: try resource.date("birthDate"), gender: try resource.code("gender") ?? .unknown,
            isDeceased: isDeceased, deceasedAt: deceasedAt
        )
    }

    /// The value of the identifier typed MR (v2-0203), else of the first identifier.
    private static func medicalRecordNumber(_ resource: ElementReader) throws(ElementProblem) -> String? {
        var first: String?
        for identifier in try resource.objects("identifier") {
            let value = try identifier.string("value")
            if try isMedicalRecordType(identifier) {
                guard let value else { throw identifier.problem("value", "missing in the MR identifier") }
                return value
            }
            first = first ?? value
        }
        return first
    }

    private static func isMedicalRecordType(_ identifier: ElementReader) throws(ElementProblem) -> Bool {
        for coding in try identifier.object("type")?.objects("coding") ?? [] {
            if try coding.string("system") == identifierTypeSystem, try coding.string("code") == "MR" { return true }
        }
        return false
    }
}
