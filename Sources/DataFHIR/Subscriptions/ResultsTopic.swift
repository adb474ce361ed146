import Foundation

/// The SubscriptionTopic `emr hooks` subscribes to: a change (create or update) to any of a
/// chart's result and medication resources, filterable by patient. R4 has no
/// SubscriptionTopic resource; the backport's servers (sekmet, fhir-candle) keep topics as
/// `Basic` resources with R5's cross-version extensions, and that is what is written here, by a
/// fixed id, so writing it again changes nothing. A server whose topics are fixed needs an
/// equivalent topic of its own under `url`.
public enum ResultsTopic {
    public static let url = "https://emr.invalid/fhir/SubscriptionTopic/chart-results"
    public static let basicID = "emr-chart-results"
    public static let resourceTypes = ["Observation", "DiagnosticReport", "MedicationRequest", "MedicationAdministration"]

    private static let extensionBase = "http://hl7.org/fhir/5.0/StructureDefinition/extension-SubscriptionTopic"

    /// The topic as a `Basic` resource, for a PUT to `Basic/<basicID>`.
    public static var resource: Data {
        let triggers: [JSONValue] = resourceTypes.map { type in
            .fields([("url", .string(extensionBase + ".resourceTrigger")), ("extension", .array([
                .fields([("url", .string("resource")), ("valueUri", .string("http://hl7.org/fhir/StructureDefinition/" + type))]),
                .fields([("url", .string("supportedInteraction")), ("valueCode", .string("create"))]),
                .fields([("url", .string("supportedInteraction")), ("valueCode", .string("update"))]),
            ]))])
        }
        let filters: [JSONValue] = resourceTypes.map { type in
            .fields([("url", .string(extensionBase + ".canFilterBy")), ("extension", .array([
                .fields([("url", .string("resource")), ("valueUri", .string(type))]),
                .fields([("url", .string("filterParameter")), ("valueString", .string("patient"))]),
            ]))])
        }
        let basic = JSONValue.fields([
            ("resourceType", .string("Basic")),
            ("id", .string(basicID)),
            ("modifierExtension", .array([.fields([("url", .string(extensionBase + ".status")), ("valueCode", .string("active"))])])),
            ("code", .concept([.fields([("system", .string("http://hl7.org/fhir/fhir-types")), ("code", .string("SubscriptionTopic"))])])),
            ("extension", .array([
                .fields([("url", .string(extensionBase + ".url")), ("valueUri", .string(url))]),
                .fields([("url", .string(extensionBase + ".title")), ("valueString", .string("Chart results and medications changed"))]),
            ] + triggers + filters)),
        ])
        return JSONWriter.data(basic)
    }
}
