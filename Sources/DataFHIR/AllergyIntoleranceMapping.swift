import CoreDomain
import Foundation

extension AllergyIntolerance.Criticality: FHIRCode {
    static let byFHIRCode = codeTable()
}

extension AllergyIntolerance.Kind: FHIRCode {
    static let byFHIRCode = codeTable()
}

extension AllergyIntolerance.ClinicalStatus: FHIRCode {
    static let byFHIRCode = codeTable()
}

extension AllergyIntolerance.VerificationStatus: FHIRCode {
    static let byFHIRCode = codeTable()
}

extension AllergyIntolerance.Severity: FHIRCode {
    static let byFHIRCode = codeTable()
}

/// AllergyIntolerance -> `AllergyIntolerance`. Allergies guard prescribing, so everything
/// that says what, how bad and whether it holds rejects the resource on a problem:
///
/// | FHIR element                                          | domain             | on problem |
/// |-------------------------------------------------------|--------------------|------------|
/// | patient (Patient)                                     | patientID          | reject     |
/// | code                                                  | substance          | reject     |
/// | criticality, type                                     | criticality, kind  | reject     |
/// | clinicalStatus (allergyintolerance-clinical coding)    | clinicalStatus     | reject     |
/// | verificationStatus (allergyintolerance-verification)  | verificationStatus | reject     |
/// | reaction[].manifestation, reaction[].severity         | reactions          | reject     |
/// | recordedDate                                          | recordedDate       | drop, warn |
enum AllergyIntoleranceMapping {
    static let clinicalSystem = "http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical"
    static let verificationSystem = "http://terminology.hl7.org/CodeSystem/allergyintolerance-verification"

    static func map(_ resource: ElementReader, id: String, context: MappingContext) throws(ElementProblem) -> AllergyIntolerance {
        AllergyIntolerance(
            id: id,
            patientID: try context.requiredReferenceID(resource, "patient", to: ["Patient"]),
            substance: try resource.requiredConcept("code"),
            criticality: try resource.code("criticality"),
            kind: try resource.code("type"),
            clinicalStatus: try resource.conceptCode("clinicalStatus", system: clinicalSystem),
            verificationStatus: try resource.conceptCode("verificationStatus", system: verificationSystem),
            reactions: try reactions(resource),
            recordedDate: context.optional { () throws(ElementProblem) in try resource.dateTime("recordedDate") }
        )
    }

    private static func reactions(_ resource: ElementReader) throws(ElementProblem) -> [AllergyIntolerance.Reaction] {
        var result: [AllergyIntolerance.Reaction] = []
        for reaction in try resource.objects("reaction") {
            let manifestations = try reaction.concepts("manifestation")
            guard !manifestations.isEmpty else { throw reaction.problem("manifestation", "missing") }
            result.append(AllergyIntolerance.Reaction(manifestations: manifestations, severity: try reaction.code("severity")))
        }
        return result
    }
}
