/// A code from a code system (LOINC, SNOMED CT, RxNorm, UCUM...), as the domain sees it.
public struct Coding: Hashable, Sendable {
    public var system: String?
    public var code: String?
    public var display: String?

    public init(system: String? = nil, code: String? = nil, display: String? = nil) {
        self.system = system
        self.code = code
        self.display = display
    }
}

/// A concept named by zero or more codings and/or free text.
public struct CodedConcept: Hashable, Sendable {
    public var codings: [Coding]
    public var text: String?

    public init(codings: [Coding] = [], text: String? = nil) {
        self.codings = codings
        self.text = text
    }

    /// What a person reads: the text, else the first display, else the first code.
    public var displayName: String {
        if let text, !text.isEmpty { return text }
        if let display = codings.lazy.compactMap(\.display).first(where: { !$0.isEmpty }) { return display }
        return codings.lazy.compactMap(\.code).first ?? "unnamed"
    }

    /// True when any coding carries `code` in `system` (any system when `system` is nil).
    public func contains(code: String, system: String? = nil) -> Bool {
        codings.contains { $0.code == code && (system == nil || $0.system == system) }
    }
}

public enum CodeSystem {
    public static let loinc = "http://loinc.org"
    public static let snomed = "http://snomed.info/sct"
    public static let ucum = "http://unitsofmeasure.org"
    public static let rxnorm = "http://www.nlm.nih.gov/research/umls/rxnorm"
}
