import CoreDomain
import Foundation

extension Condition.ClinicalStatus: FHIRCode {
    static let byFHIRCode = codeTable()
}

extension Condition.VerificationStatus: FHIRCode {
    static let byFHIRCode = codeTable()
}

/// Condition -> `Condition`.
///
/// | FHIR element                                   | domain              | on problem |
/// |------------------------------------------------|---------------------|------------|
/// | code                                           | code                | reject     |
/// | subject (Patient)                              | patientID           | reject     |
/// | clinicalStatus (condition-clinical coding)     | clinicalStatus      | reject     |
/// | verificationStatus (condition-ver-status coding)| verificationStatus | reject     |
/// | onsetDateTime / onsetPeriod.start              | onset (other onset[x] forms: warned, dropped) | drop, warn |
/// | recordedDate                                   | recordedDate        | drop, warn |
/// | encounter (Encounter)                          | encounterID         | drop, warn |
enum ConditionMapping {
    static let clinicalSystem = "http://terminology.hl7.org/CodeSystem/condition-clinical"
    static let verificationSystem = "http://terminology.hl7.org/CodeSystem/condition-ver-status"

    static func map(_ resource: ElementReader, id: String, context: MappingContext) throws(ElementProblem) -> Condition {
        Condition(
            id: id,
            patientID: try context.requiredReferenceID(resource, "subject", to: ["Patient"]),
            code: try resource.requiredConcept("code"),
            clinicalStatus: try resource.conceptCode("clinicalStatus", system: clinicalSystem),
            verificationStatus: try resource.conceptCode("verificationStatus", system: verificationSystem),
            onset: context.optional { () throws(ElementProblem) in try onset(resource) },
            recordedDate: context.optional { () throws(ElementProblem) in try resource.dateTime("recordedDate") },
            encounterID: context.optional { () throws(ElementProblem) in try context.referenceID(resource, "encounter", to: ["Encounter"]) }
        )
    }

    private static func onset(_ resource: ElementReader) throws(ElementProblem) -> Date? {
        switch try resource.choice("onset") {
        case nil: return nil
        case "onsetDateTime": return try resource.dateTime("onsetDateTime")
        case "onsetPeriod": return try resource.requiredObject("onsetPeriod").asPeriod().start
        case let other?: throw resource.problem(other, "this form of onset[x] is not shown by the workstation")
        }
    }
}
