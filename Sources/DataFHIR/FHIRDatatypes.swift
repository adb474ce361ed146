import CoreDomain
import Foundation

/// FHIR general-purpose datatypes (Coding, CodeableConcept, Quantity, HumanName, Period)
/// read into their domain counterparts.
extension ElementReader {
    static let quantityComparators: Set<String> = ["<", "<=", ">=", ">"]

    /// This object read as a Coding.
    func asCoding() throws(ElementProblem) -> Coding {
        Coding(system: try string("system"), code: try string("code"), display: try string("display"))
    }

    /// This object read as a CodeableConcept.
    func asConcept() throws(ElementProblem) -> CodedConcept {
        var codings: [Coding] = []
        for coding in try objects("coding") { codings.append(try coding.asCoding()) }
        return CodedConcept(codings: codings, text: try string("text"))
    }

    func concept(_ key: String) throws(ElementProblem) -> CodedConcept? {
        try object(key)?.asConcept()
    }

    /// A concept the workstation cannot do without: it must name something.
    func requiredConcept(_ key: String) throws(ElementProblem) -> CodedConcept {
        let concept = try requiredObject(key).asConcept()
        guard concept.text != nil || concept.codings.contains(where: { $0.code != nil || $0.display != nil }) else {
            throw problem(key, "has neither a coding nor text")
        }
        return concept
    }

    func concepts(_ key: String) throws(ElementProblem) -> [CodedConcept] {
        var result: [CodedConcept] = []
        for element in try objects(key) { result.append(try element.asConcept()) }
        return result
    }

    /// This object read as a Quantity. The value is required: a quantity without one would
    /// show as nothing where a number belongs. `simple` quantities (doses, reference range
    /// bounds) may not carry a comparator.
    func asQuantity(simple: Bool) throws(ElementProblem) -> Quantity {
        guard let value = try decimal("value") else { throw problem("value", "missing") }
        let comparator = try string("comparator")
        if let comparator {
            guard !simple else { throw problem("comparator", "not allowed in a simple quantity") }
            guard Self.quantityComparators.contains(comparator) else {
                throw problem("comparator", unknownCodeMessage(comparator, expected: "<, <=, >=, >"))
            }
        }
        let code = try string("code")
        let system = try string("system")
        return Quantity(value: value, unit: try string("unit") ?? code, ucumCode: system == CodeSystem.ucum ? code : nil, comparator: comparator)
    }

    func quantity(_ key: String, simple: Bool) throws(ElementProblem) -> Quantity? {
        try object(key)?.asQuantity(simple: simple)
    }

    func asPeriod() throws(ElementProblem) -> Period {
        Period(start: try dateTime("start"), end: try dateTime("end"))
    }

    func asHumanName() throws(ElementProblem) -> PersonName {
        PersonName(
            family: try string("family"), given: try strings("given"), prefix: try strings("prefix"),
            suffix: try strings("suffix"), text: try string("text")
        )
    }

    /// The name to show from a `name` array: official, else usual, else the first that is
    /// not marked old, else the first. Every entry is read, so a malformed one is never skipped unseen.
    func preferredName(_ key: String) throws(ElementProblem) -> PersonName? {
        var candidates: [(use: String?, name: PersonName)] = []
        for element in try objects(key) {
            candidates.append((try element.string("use"), try element.asHumanName()))
        }
        for wanted in ["official", "usual"] {
            if let match = candidates.first(where: { $0.use == wanted }) { return match.name }
        }
        return (candidates.first { $0.use != "old" } ?? candidates.first)?.name
    }
}

extension ElementReader {
    /// A status carried as a CodeableConcept bound to one code system (Condition.clinicalStatus
    /// and the like): the coding from `system` (or, failing that, one without a system) decides.
    /// A concept with neither is a problem rather than a status guessed from other codings.
    func conceptCode<Code: FHIRCode>(_ key: String, system: String, as type: Code.Type = Code.self) throws(ElementProblem) -> Code? {
        guard let concept = try object(key) else { return nil }
        let codings = try concept.objects("coding")
        for coding in codings where try coding.string("system") == system {
            return try coding.requiredCode("code", as: type)
        }
        for coding in codings where try coding.string("system") == nil {
            return try coding.requiredCode("code", as: type)
        }
        throw concept.problem("coding", "has no coding from \(system)")
    }
}

extension ElementReader {
    /// When a clinical event happened, from `effective[x]`: a date-time, an instant where the
    /// resource allows one (`instant`), or a period's start (a period without one is a
    /// problem); nil without any.
    func effectiveTime(allowingInstant instant: Bool = false) throws(ElementProblem) -> Date? {
        switch try choice("effective") {
        case nil: return nil
        case "effectiveDateTime": return try dateTime("effectiveDateTime")
        case "effectiveInstant" where instant: return try self.instant("effectiveInstant")
        case "effectivePeriod":
            guard let start = try requiredObject("effectivePeriod").asPeriod().start else { throw problem("effectivePeriod", "has no start") }
            return start
        case let other?: throw problem(other, "this form of effective[x] is not read by the workstation")
        }
    }
}

extension ElementReader {
    /// How fast something is given, from `rate[x]` (a dosage's `doseAndRate`, or a
    /// MedicationAdministration's `dosage`): one quantity (`rateQuantity`, `125 mL/h`), or
    /// an amount per a time (`rateRatio`, `10 mg` per `1 h`); nil without either.
    func rate() throws(ElementProblem) -> MedicationRequest.Rate? {
        switch try choice("rate") {
        case nil: return nil
        case "rateQuantity": return .init(amount: try requiredObject("rateQuantity").asQuantity(simple: true))
        case "rateRatio":
            let ratio = try requiredObject("rateRatio")
            return .init(amount: try ratio.requiredObject("numerator").asQuantity(simple: true),
                         per: try ratio.requiredObject("denominator").asQuantity(simple: true))
        case let other?: throw problem(other, "this form of rate[x] is not shown by the workstation")
        }
    }
}
