import CoreDomain
import Foundation

extension DiagnosticReport.Status: FHIRCode {
    static let byFHIRCode = codeTable()
}

/// DiagnosticReport -> `DiagnosticReport`. A report only groups results the patient's
/// Observations already carry, so a bad `result` entry drops that link (the result still shows,
/// under its test's class), never the report:
///
/// | FHIR element                                      | domain      | on problem   |
/// |---------------------------------------------------|-------------|--------------|
/// | status                                            | status      | reject       |
/// | code                                              | code        | reject       |
/// | subject (Patient)                                 | patientID   | reject       |
/// | effectiveDateTime / effectivePeriod.start         | effective   | drop, warn   |
/// | result[] (Observation)                            | resultIDs   | drop that one, warn |
/// | conclusion                                        | conclusion  | drop, warn   |
enum DiagnosticReportMapping {
    static func map(_ resource: ElementReader, id: String, context: MappingContext) throws(ElementProblem) -> DiagnosticReport {
        DiagnosticReport(
            id: id,
            patientID: try context.requiredReferenceID(resource, "subject", to: ["Patient"]),
            code: try resource.requiredConcept("code"),
            status: try resource.requiredCode("status"),
            effective: context.optional { () throws(ElementProblem) in try resource.effectiveTime() },
            resultIDs: try results(resource, context),
            conclusion: context.optional { () throws(ElementProblem) in try resource.string("conclusion") }
        )
    }

    private static func results(_ resource: ElementReader, _ context: MappingContext) throws(ElementProblem) -> [String] {
        try resource.objects("result").compactMap { reference in
            context.optional { () throws(ElementProblem) in try context.referenceID(of: reference, to: ["Observation"]) }
        }
    }
}
