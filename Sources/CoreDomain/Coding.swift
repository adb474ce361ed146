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

    /// What a person reads: the text, else the first display, else the first code, as its
    /// preferred term (`PreferredTerm`: no semantic tag, a code of words as those words).
    public var displayName: String {
        if let name = sourceName { return PreferredTerm.of(name) }
        return codings.lazy.compactMap(\.code).first.map(PreferredTerm.of(code:)) ?? "unnamed"
    }

    /// The SNOMED CT semantic tag the source's name carries (`situation`), for rules that
    /// tell a finding from a disorder by it; nil when it has none.
    public var semanticTag: String? { sourceName.flatMap(PreferredTerm.tag(of:)) }

    /// The text, else the first display, as the source wrote it.
    private var sourceName: String? {
        if let text, !text.isEmpty { return text }
        return codings.lazy.compactMap(\.display).first { !$0.isEmpty }
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
