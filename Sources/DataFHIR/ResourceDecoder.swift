import CoreDomain
import Foundation

/// One resource object -> a `DecodedResource`, or the problems that kept it out.
/// The dispatch by type is here; what each type means is in its `...Mapping` file.
enum ResourceDecoder {
    struct Outcome {
        var origin: ProblemOrigin
        var resource: DecodedResource?
        var problems: [FHIRProblem] = []
    }

    /// - Parameters:
    ///   - assignedID: the id to use when the resource has none (a Bundle entry's `urn:uuid`).
    ///   - json: the bytes to store, asked for only when the resource is kept.
    static func decode(
        _ object: JSONObject, origin: ProblemOrigin, assignedID: String? = nil, bundle: BundleIndex? = nil, json: () -> Data
    ) -> Outcome {
        let resource = ElementReader(object)
        let type: String
        do {
            type = try resource.requiredString("resourceType")
        } catch {
            return origin.outcome(path: error.path.description, "\(error.message) (not a FHIR resource)", kind: .unreadable)
        }
        guard ResourceKey.isResourceType(type[...]) else {
            return origin.outcome(path: "resourceType", "is not a FHIR resource type name", kind: .unreadable)
        }
        let givenID = (try? resource.string("id")) ?? nil
        let shownID = givenID.flatMap { ResourceKey.isID($0[...]) ? $0 : nil } ?? assignedID
        if type == "OperationOutcome" {
            do {
                return Outcome(origin: origin, problems: try OperationOutcomeMapping.problems(resource, id: shownID, origin: origin))
            } catch {
                return Outcome(origin: origin, problems: [origin.problem(type: type, id: shownID, path: error.path.description, error.message, kind: .invalidResource)])
            }
        }
        guard ClinicalResource.resourceTypes.contains(type) else {
            let message = type == "Bundle" ? "a Bundle inside a Bundle or an NDJSON line is not read" : "not used by the workstation"
            return Outcome(origin: origin, problems: [origin.problem(type: type, id: shownID, message, severity: .warning, kind: .unsupportedType)])
        }
        let context = MappingContext(references: ReferenceResolver(resource: resource, bundle: bundle))
        do {
            let id = try self.id(resource, assignedID: assignedID)
            let content = try map(type, resource, id: id, context: context)
            let meta = context.optional { () throws(ElementProblem) in try resource.object("meta") }
            let decoded = DecodedResource(
                resourceType: type, id: id,
                versionID: context.optional { () throws(ElementProblem) in try meta?.string("versionId") },
                lastUpdated: context.optional { () throws(ElementProblem) in try meta?.instant("lastUpdated") },
                json: json(), content: content
            )
            let warnings = context.warnings.map {
                origin.problem(type: type, id: id, path: $0.path.description, $0.message, severity: .warning, kind: .invalidElement)
            }
            return Outcome(origin: origin, resource: decoded, problems: warnings)
        } catch {
            return Outcome(origin: origin, problems: [origin.problem(type: type, id: shownID, path: error.path.description, error.message, kind: .invalidResource)])
        }
    }

    private static func id(_ resource: ElementReader, assignedID: String?) throws(ElementProblem) -> String {
        guard let id = try resource.string("id") ?? assignedID else { throw resource.problem("id", "missing") }
        guard ResourceKey.isID(id[...]) else { throw resource.problem("id", "is not a valid FHIR id (1 to 64 of A-Z a-z 0-9 - .)") }
        return id
    }

    private static func map(_ type: String, _ resource: ElementReader, id: String, context: MappingContext) throws(ElementProblem) -> ClinicalResource {
        switch type {
        case "Patient": .patient(try PatientMapping.map(resource, id: id, context: context))
        case "Encounter": .encounter(try EncounterMapping.map(resource, id: id, context: context))
        case "Observation": .observation(try ObservationMapping.map(resource, id: id, context: context))
        case "MedicationRequest": .medicationRequest(try MedicationRequestMapping.map(resource, id: id, context: context))
        case "Condition": .condition(try ConditionMapping.map(resource, id: id, context: context))
        case "AllergyIntolerance": .allergy(try AllergyIntoleranceMapping.map(resource, id: id, context: context))
        case "Location": .location(try LocationMapping.map(resource, id: id, context: context))
        case "Practitioner": .practitioner(try PractitionerMapping.map(resource, id: id, context: context))
        case "DiagnosticReport": .diagnosticReport(try DiagnosticReportMapping.map(resource, id: id, context: context))
        case "MedicationAdministration":
            .medicationAdministration(try MedicationAdministrationMapping.map(resource, id: id, context: context))
        case "DocumentReference": .note(try DocumentReferenceMapping.map(resource, id: id, context: context))
        case "Composition": .note(try CompositionMapping.map(resource, id: id, context: context))
        case "Procedure": .procedure(try ProcedureMapping.map(resource, id: id, context: context))
        case "Immunization": .immunization(try ImmunizationMapping.map(resource, id: id, context: context))
        case "CarePlan": .carePlan(try CarePlanMapping.map(resource, id: id, context: context))
        case "Goal": .goal(try GoalMapping.map(resource, id: id, context: context))
        default: throw resource.problem("resourceType", "not used by the workstation")
        }
    }
}
