import CoreDomain
import Foundation

extension Observation.Status: FHIRCode {
    static let byFHIRCode = codeTable()
}

/// Observation -> `Observation`. Values, ranges and interpretations decide what a clinician
/// reads and which abnormal marker shows, so every element read rejects the resource on a problem:
///
/// | FHIR element                                         | domain            | on problem |
/// |------------------------------------------------------|-------------------|------------|
/// | status                                               | status            | reject     |
/// | category[].coding vital-signs / laboratory, or a v2-0074 laboratory section; else a vital sign's LOINC code | category (else other) | reject |
/// | code                                                 | code              | reject     |
/// | subject (Patient)                                    | patientID         | reject     |
/// | encounter (Encounter)                                | encounterID       | reject     |
/// | effectiveDateTime / effectivePeriod.start / effectiveInstant | effective | reject    |
/// | valueQuantity / CodeableConcept / String / Boolean / Integer / Range | value (other forms rejected) | reject |
/// | component[] code, value[x], referenceRange, interpretation | components  | reject     |
/// | referenceRange[] low, high, text                      | referenceRanges   | reject     |
/// | interpretation[].coding                              | interpretation    | reject     |
/// | performer[0] display, else reference                 | performer         | warn, drop |
/// | dataAbsentReason                                     | dataAbsentReason  | reject     |
/// | note[].text                                          | notes             | warn, drop |
/// | hasMember[] (Observation)                            | memberIDs         | warn, drop that one |
/// | derivedFrom[] (Observation)                          | derivedFromIDs    | warn, drop that one |
/// | partOf[] (MedicationAdministration)                  | partOfIDs         | warn, drop that one |
enum ObservationMapping {
    static let categorySystem = "http://terminology.hl7.org/CodeSystem/observation-category"
    static let diagnosticSectionSystem = "http://terminology.hl7.org/CodeSystem/v2-0074"
    /// v2-0074 diagnostic service sections that are laboratories. Some senders (clinosim for
    /// blood groups) categorise results only this way; reading them as `other` would hide
    /// them from the results view.
    static let laboratorySections: Set<String> = [
        "LAB", "BG", "BLB", "CG", "CH", "CP", "GE", "HM", "IMM", "MB", "MCB", "MYC", "OSL", "SP", "SR", "TX", "URN",
    ]

    static func map(_ resource: ElementReader, id: String, context: MappingContext) throws(ElementProblem) -> Observation {
        let code = try resource.requiredConcept("code")
        var observation = Observation(
            id: id,
            patientID: try context.requiredReferenceID(resource, "subject", to: ["Patient"]),
            encounterID: try context.referenceID(resource, "encounter", to: ["Encounter"]),
            code: code,
            category: try category(resource, code: code),
            status: try resource.requiredCode("status"),
            effective: try resource.effectiveTime(allowingInstant: true),
            value: try value(resource),
            components: try components(resource),
            referenceRanges: try referenceRanges(resource),
            interpretation: try interpretation(resource),
            performer: context.optional { () throws(ElementProblem) in try performer(resource) },
            dataAbsentReason: try resource.concept("dataAbsentReason"),
            notes: context.optional { () throws(ElementProblem) in try notes(resource) } ?? [],
            memberIDs: try observations(resource, "hasMember", context)
        )
        observation.derivedFromIDs = try observations(resource, "derivedFrom", context)
        observation.partOfIDs = try references(resource, "partOf", to: "MedicationAdministration", context)
        return observation
    }

    /// Who is named first as performer, as the source names them: by display (the nurse's
    /// account for entries charted here), else by the reference itself.
    private static func performer(_ resource: ElementReader) throws(ElementProblem) -> String? {
        guard let first = try resource.objects("performer").first else { return nil }
        if let display = try first.string("display") { return display }
        return try first.string("reference")
    }

    /// A panel's members (`hasMember`) or what a score was worked out from (`derivedFrom`): each
    /// one that cannot be followed is dropped and named (a member's value still shows, ungrouped).
    private static func observations(_ resource: ElementReader, _ key: String, _ context: MappingContext) throws(ElementProblem) -> [String] {
        try references(resource, key, to: "Observation", context)
    }

    private static func references(
        _ resource: ElementReader, _ key: String, to type: String, _ context: MappingContext
    ) throws(ElementProblem) -> [String] {
        try resource.objects(key).compactMap { reference in
            context.optional { () throws(ElementProblem) in try context.referenceID(of: reference, to: [type]) }
        }
    }

    /// The text of each annotation (authors and times are not shown).
    private static func notes(_ resource: ElementReader) throws(ElementProblem) -> [String] {
        var texts: [String] = []
        for note in try resource.objects("note") {
            if let text = try note.string("text") { texts.append(text) }
        }
        return texts
    }

    /// A vital sign's own LOINC code (heart rate, blood pressure halves, temperature...) is a
    /// vital sign whatever category the sender gave it (Synthea files blood pressure halves as
    /// `laboratory`; others use `exam` or none): it shows once, on the Vitals tab, and never
    /// among the lab results. Otherwise the first category coding that is vital-signs or
    /// laboratory decides.
    private static func category(_ resource: ElementReader, code: CodedConcept) throws(ElementProblem) -> Observation.Category {
        let declared = try declaredCategory(resource)
        let isVitalSign = code.codings.contains { $0.system == CodeSystem.loinc && $0.code.flatMap(VitalSign.init(loinc:)) != nil }
        return isVitalSign ? .vitalSigns : declared
    }

    private static func declaredCategory(_ resource: ElementReader) throws(ElementProblem) -> Observation.Category {
        for concept in try resource.concepts("category") {
            for coding in concept.codings {
                switch (coding.system, coding.code) {
                case (categorySystem, "vital-signs"), (nil, "vital-signs"): return .vitalSigns
                case (categorySystem, "laboratory"), (nil, "laboratory"): return .laboratory
                case (diagnosticSectionSystem, let code?) where laboratorySections.contains(code): return .laboratory
                default: continue
                }
            }
        }
        return .other
    }

    /// value[x] of an observation or a component. Forms the domain cannot hold (Ratio, Period,
    /// SampledData...) reject the resource: showing it without its value would mislead.
    static func value(_ element: ElementReader) throws(ElementProblem) -> Observation.Value? {
        switch try element.choice("value") {
        case nil: return nil
        case "valueQuantity": return .quantity(try element.requiredObject("valueQuantity").asQuantity(simple: false))
        case "valueCodeableConcept": return .concept(try element.requiredConcept("valueCodeableConcept"))
        case "valueString": return .string(try element.requiredString("valueString"))
        case "valueBoolean": return try element.bool("valueBoolean").map(Observation.Value.boolean)
        case "valueInteger": return try element.integer("valueInteger").map(Observation.Value.integer)
        case "valueRange":
            let range = try element.requiredObject("valueRange")
            return .range(low: try range.quantity("low", simple: true), high: try range.quantity("high", simple: true))
        case let other?: throw element.problem(other, "this form of value[x] is not shown by the workstation")
        }
    }

    private static func components(_ resource: ElementReader) throws(ElementProblem) -> [Observation.Component] {
        var result: [Observation.Component] = []
        for component in try resource.objects("component") {
            result.append(Observation.Component(
                code: try component.requiredConcept("code"), value: try value(component),
                referenceRanges: try referenceRanges(component), interpretation: try interpretation(component)
            ))
        }
        return result
    }

    private static func referenceRanges(_ element: ElementReader) throws(ElementProblem) -> [ReferenceRange] {
        var result: [ReferenceRange] = []
        for range in try element.objects("referenceRange") {
            result.append(ReferenceRange(
                low: try range.quantity("low", simple: true), high: try range.quantity("high", simple: true), text: try range.string("text")
            ))
        }
        return result
    }

    private static func interpretation(_ element: ElementReader) throws(ElementProblem) -> [Coding] {
        try element.concepts("interpretation").flatMap(\.codings)
    }
}
