import CoreDomain
import Foundation

extension MedicationAdministration.Status: FHIRCode {
    static let byFHIRCode = codeTable()
}

/// MedicationAdministration -> `MedicationAdministration`: a dose given, not given or held,
/// shown on the MAR against the order it names. Without the order it has nothing to stand
/// beside, so it is kept but not shown; a bad `statusReason`, performer or dose drops that part:
///
/// | FHIR element                                   | domain      | on problem   |
/// |------------------------------------------------|-------------|--------------|
/// | status                                         | status      | reject       |
/// | subject (Patient)                              | patientID   | reject       |
/// | effectiveDateTime / effectivePeriod.start      | effective   | reject       |
/// | request (MedicationRequest)                    | requestID   | drop, warn   |
/// | performer[0].actor display, else reference     | performer   | drop, warn   |
/// | statusReason[0] text or first coding's display | reason      | drop, warn   |
/// | dosage.dose                                    | dose        | drop, warn   |
enum MedicationAdministrationMapping {
    static func map(_ resource: ElementReader, id: String, context: MappingContext) throws(ElementProblem) -> MedicationAdministration {
        MedicationAdministration(
            id: id,
            patientID: try context.requiredReferenceID(resource, "subject", to: ["Patient"]),
            requestID: context.optional { () throws(ElementProblem) in
                guard let request = try resource.object("request") else { return nil }
                return try context.referenceID(of: request, to: ["MedicationRequest"])
            },
            status: try resource.requiredCode("status"),
            effective: try effective(resource),
            performer: context.optional { () throws(ElementProblem) in try performer(resource) },
            reason: context.optional { () throws(ElementProblem) in try resource.concepts("statusReason").first?.displayName },
            dose: context.optional { () throws(ElementProblem) in try resource.object("dosage")?.object("dose")?.asQuantity(simple: true) }
        )
    }

    private static func effective(_ resource: ElementReader) throws(ElementProblem) -> Date {
        switch try resource.choice("effective") {
        case "effectiveDateTime"?:
            guard let date = try resource.dateTime("effectiveDateTime") else { throw resource.problem("effectiveDateTime", "missing") }
            return date
        case "effectivePeriod"?:
            guard let start = try resource.requiredObject("effectivePeriod").asPeriod().start else {
                throw resource.problem("effectivePeriod.start", "missing: the MAR needs when the dose was given")
            }
            return start
        case let other?: throw resource.problem(other, "this form of effective[x] is not read by the workstation")
        case nil: throw resource.problem("effective[x]", "missing")
        }
    }

    /// Who gave it, as the source names them.
    private static func performer(_ resource: ElementReader) throws(ElementProblem) -> String? {
        guard let actor = try resource.objects("performer").first?.object("actor") else { return nil }
        if let display = try actor.string("display") { return display }
        return try actor.string("reference")
    }
}
