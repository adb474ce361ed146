import CoreDomain
import Foundation

extension MedicationRequest.Status: FHIRCode {
    static let byFHIRCode = codeTable()
}

extension MedicationRequest.Intent: FHIRCode {
    /// R4 has no `unknown` intent; the domain keeps one for other sources.
    static let byFHIRCode = codeTable(excluding: [.unknown])
}

/// MedicationRequest -> `MedicationRequest`. What is given, how much, how and how often
/// rejects the resource on any problem: a half-read order is worse than none.
///
/// | FHIR element                                                   | domain         | on problem |
/// |----------------------------------------------------------------|----------------|------------|
/// | status, intent                                                 | status, intent | reject     |
/// | medicationCodeableConcept / medicationReference (contained or same-Bundle Medication.code, else display) | medication | reject |
/// | the referenced Medication's identifier (system, value)        | medicationIdentifiers | reject |
/// | subject (Patient)                                              | patientID      | reject     |
/// | dosageInstruction[0].doseAndRate[0].doseQuantity               | dose           | reject     |
/// | dosageInstruction[0].doseAndRate[0].rateQuantity / rateRatio   | rate           | reject     |
/// | dosageInstruction[0].route / text / asNeeded[x]                | route, frequencyText, asNeeded, asNeededFor | reject |
/// | dosageInstruction[0].additionalInstruction (each whole)        | additionalInstructions | reject |
/// | dosageInstruction[0].timing.repeat frequency, period, periodUnit, timeOfDay, when, boundsPeriod; timing.code | timing | reject |
/// | authoredOn                                                     | authoredOn     | drop, warn |
/// | requester (Practitioner; other requester types ignored)        | prescriberID   | drop, warn |
/// | reasonCode[0]                                                  | reason         | drop, warn |
/// | encounter (Encounter)                                          | encounterID    | drop, warn |
///
/// Further dosage instructions (tapering doses) cannot be held by the domain and are reported
/// as a warning rather than dropped unseen.
enum MedicationRequestMapping {
    static let periodUnits: Set<String> = ["s", "min", "h", "d", "wk", "mo", "a"]

    static func map(_ resource: ElementReader, id: String, context: MappingContext) throws(ElementProblem) -> MedicationRequest {
        let dosages = try resource.objects("dosageInstruction")
        if dosages.count > 1 {
            context.warn(ElementProblem(path: resource.path.appending("dosageInstruction").appending(index: 1), message: "only the first dosage instruction is shown"))
        }
        let dosage = try dosages.first.map { reader throws(ElementProblem) in try Dosage(reader) }
        let (medication, identifiers) = try medication(resource, context: context)
        var order = MedicationRequest(
            id: id,
            patientID: try context.requiredReferenceID(resource, "subject", to: ["Patient"]),
            medication: medication,
            dose: dosage?.dose, route: dosage?.route, frequencyText: dosage?.text, timing: dosage?.timing,
            asNeeded: dosage?.asNeeded ?? false,
            status: try resource.requiredCode("status"),
            intent: try resource.requiredCode("intent"),
            authoredOn: context.optional { () throws(ElementProblem) in try resource.dateTime("authoredOn") },
            prescriberID: context.optional { () throws(ElementProblem) in try prescriberID(resource, context: context) },
            reason: context.optional { () throws(ElementProblem) in try resource.concepts("reasonCode").first },
            rate: dosage?.rate,
            asNeededFor: dosage?.asNeededFor
        )
        order.medicationIdentifiers = identifiers
        order.encounterID = context.optional { () throws(ElementProblem) in try context.referenceID(resource, "encounter", to: ["Encounter"]) }
        order.additionalInstructions = dosage?.additionalInstructions ?? []
        order.writtenAsDays = writtenAsDays(resource, bounds: try dosages.first?.object("timing")?.object("repeat")?.object("boundsPeriod"))
        return order
    }

    /// Which dates were written as a bare day (`2026-11-24`, no time): the MAR reads those as
    /// the ward's local day, not the UTC midnight they are kept as. Only ones that were read.
    private static func writtenAsDays(_ resource: ElementReader, bounds: ElementReader?) -> MedicationRequest.DayWrittenDates {
        func isDay(_ reader: ElementReader?, _ key: String) -> Bool {
            guard let text = (try? reader?.string(key)) ?? nil else { return false }
            return !text.contains("T") && FHIRDateTime.date(text, precision: .dateTime) != nil
        }
        return MedicationRequest.DayWrittenDates(
            authoredOn: isDay(resource, "authoredOn"), boundsStart: isDay(bounds, "start"), boundsEnd: isDay(bounds, "end"))
    }

    /// The medication as coded, and the product's identifiers when the order names a
    /// Medication (contained or in the same Bundle) that has them.
    private static func medication(_ resource: ElementReader, context: MappingContext) throws(ElementProblem) -> (CodedConcept, [Coding]) {
        switch try resource.choice("medication") {
        case "medicationCodeableConcept": return (try resource.requiredConcept("medicationCodeableConcept"), [])
        case "medicationReference":
            let reference = try resource.requiredObject("medicationReference")
            if let target = try context.references.resolve(reference, to: ["Medication"])?.target {
                var identifiers: [Coding] = []
                for identifier in try target.objects("identifier") {
                    if let value = try identifier.string("value") { identifiers.append(Coding(system: try identifier.string("system"), code: value)) }
                }
                return (try target.requiredConcept("code"), identifiers)
            }
            guard let display = try reference.string("display") else {
                throw resource.problem("medicationReference", "names a Medication that is neither contained nor in the same Bundle, and has no display")
            }
            return (CodedConcept(text: display), [])
        case let other?: throw resource.problem(other, "not a medication[x] form FHIR R4 defines")
        case nil: throw resource.problem("medication[x]", "missing")
        }
    }

    private static func prescriberID(_ resource: ElementReader, context: MappingContext) throws(ElementProblem) -> String? {
        guard let requester = try resource.object("requester"),
              let resolved = try context.references.resolve(requester, to: ["Practitioner", "PractitionerRole", "Organization", "Patient", "RelatedPerson", "Device"]),
              resolved.key.type == "Practitioner", !resolved.isContained
        else { return nil }
        return resolved.key.id
    }

    /// The first dosage instruction, as far as the domain holds it.
    private struct Dosage {
        var dose: Quantity?
        var rate: MedicationRequest.Rate?
        var route: CodedConcept?
        var text: String?
        var timing: MedicationRequest.Timing?
        var asNeeded = false
        var asNeededFor: CodedConcept?
        var additionalInstructions: [String] = []

        init(_ dosage: ElementReader) throws(ElementProblem) {
            text = try dosage.string("text")
            additionalInstructions = try dosage.concepts("additionalInstruction").map(\.displayName)
            route = try dosage.concept("route")
            switch try dosage.choice("asNeeded") {
            case nil: break
            case "asNeededBoolean": asNeeded = try dosage.bool("asNeededBoolean") ?? false
            case "asNeededCodeableConcept":
                asNeededFor = try dosage.concept("asNeededCodeableConcept")
                asNeeded = asNeededFor != nil
            case let other?: throw dosage.problem(other, "not an asNeeded[x] form FHIR R4 defines")
            }
            if let doseAndRate = try dosage.objects("doseAndRate").first {
                switch try doseAndRate.choice("dose") {
                case nil: break
                case "doseQuantity": dose = try doseAndRate.requiredObject("doseQuantity").asQuantity(simple: true)
                case let other?: throw doseAndRate.problem(other, "this form of dose[x] is not shown by the workstation")
                }
                rate = try doseAndRate.rate()
            }
            timing = try Self.timing(dosage)
        }

        /// What of `Timing.repeat` is read; anything else changes the schedule (`Timing.unread`).
        /// `duration` is how long one dose runs, not when it falls.
        static let readRepeatElements: Set<String> = [
            "frequency", "period", "periodUnit", "timeOfDay", "when", "boundsPeriod", "duration", "durationUnit", "id", "extension",
        ]

        private static func timing(_ dosage: ElementReader) throws(ElementProblem) -> MedicationRequest.Timing? {
            guard let timing = try dosage.object("timing") else { return nil }
            var result = MedicationRequest.Timing()
            if let codeConcept = try timing.concept("code") {
                result.code = codeConcept.codings.lazy.compactMap(\.code).first ?? codeConcept.text
            }
            if let repeats = try timing.object("repeat") {
                result.frequency = try repeats.integer("frequency")
                if let frequency = result.frequency, frequency < 1 { throw repeats.problem("frequency", "must be a positive integer") }
                result.period = try repeats.decimal("period")
                if let period = result.period, period < 0 { throw repeats.problem("period", "must not be negative") }
                result.periodUnit = try repeats.string("periodUnit")
                if let unit = result.periodUnit, !periodUnits.contains(unit) {
                    throw repeats.problem("periodUnit", unknownCodeMessage(unit, expected: periodUnits.sorted().joined(separator: ", ")))
                }
                // Kept as written: the MAR reads them, and says when a time does not read.
                result.timesOfDay = try repeats.strings("timeOfDay")
                result.when = try repeats.strings("when")
                if let bounds = try repeats.object("boundsPeriod") { result.bounds = try bounds.asPeriod() }
                result.unread = repeats.object.members.map(\.key).filter { !$0.hasPrefix("_") && !readRepeatElements.contains($0) }.sorted()
            }
            return result == MedicationRequest.Timing() ? nil : result
        }
    }
}
