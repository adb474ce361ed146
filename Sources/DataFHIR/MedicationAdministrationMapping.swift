import CoreDomain
import Foundation

extension MedicationAdministration.Status: FHIRCode {
    static let byFHIRCode = codeTable()
}

/// MedicationAdministration -> `MedicationAdministration`: a dose given, not given or held, or
/// an infusion's start, rate, pause or stop, shown on the MAR against the order it names. Without the order it has nothing to stand
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
/// | reasonCode[0] text or first coding's display   | indication  | drop, warn   |
/// | dosage.rateQuantity / rateRatio                | rate        | drop, warn   |
/// | extension `urn:emr:emar:scheduled-time`        | scheduledTime | drop, warn |
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
            effective: try requiredEffective(resource),
            performer: context.optional { () throws(ElementProblem) in try performer(resource) },
            reason: context.optional { () throws(ElementProblem) in try resource.concepts("statusReason").first?.displayName },
            dose: context.optional { () throws(ElementProblem) in try resource.object("dosage")?.object("dose")?.asQuantity(simple: true) },
            indication: context.optional { () throws(ElementProblem) in try resource.concepts("reasonCode").first?.displayName },
            scheduledTime: context.optional { () throws(ElementProblem) in try scheduledTime(resource) },
            rate: context.optional { () throws(ElementProblem) in try resource.object("dosage")?.rate() }
        )
    }

    /// The scheduled dose a record made here says it is for (`MedicationAdministrationEncoder.scheduledTimeURL`).
    private static func scheduledTime(_ resource: ElementReader) throws(ElementProblem) -> Date? {
        for extensionElement in try resource.objects("extension")
        where try extensionElement.string("url") == MedicationAdministrationEncoder.scheduledTimeURL {
            guard let time = try extensionElement.dateTime("valueDateTime") else { throw extensionElement.problem("valueDateTime", "missing") }
            return time
        }
        return nil
    }

    /// When it was given: the MAR cannot place a dose without.
    private static func requiredEffective(_ resource: ElementReader) throws(ElementProblem) -> Date {
        guard let effective = try resource.effectiveTime() else { throw resource.problem("effective[x]", "missing") }
        return effective
    }

    /// Who gave it, as the source names them.
    private static func performer(_ resource: ElementReader) throws(ElementProblem) -> String? {
        guard let actor = try resource.objects("performer").first?.object("actor") else { return nil }
        if let display = try actor.string("display") { return display }
        return try actor.string("reference")
    }
}
