/// A concept's name as a clinician reads it. SNOMED CT's fully specified names end in a
/// semantic tag (`Animal dander (substance)`, `Medication review due (situation)`) that tells
/// one hierarchy from another; senders copy them into `display` and `text`, but the tag is
/// not part of the preferred term, which is what a ward says and reads. Codes made of words
/// (`Medication_Review_Due`, `chest-pain`), shown when nothing else names a concept, read as
/// those words.
public enum PreferredTerm {
    /// SNOMED CT's semantic tags (International edition and the UK drug extension).
    static let semanticTags: Set<Substring> = [
        "administration method", "assessment scale", "attribute", "basic dose form", "body structure", "cell", "cell structure",
        "clinical drug", "context-dependent category", "core metadata concept", "disorder", "disposition", "dose form",
        "environment", "environment / location", "ethnic group", "event", "finding", "foundation metadata concept",
        "geographic location", "inactive concept", "intended site", "life style", "link assertion", "linkage concept",
        "medicinal product", "medicinal product form", "metadata", "morphologic abnormality", "namespace concept",
        "navigational concept", "number", "observable entity", "occupation", "organism", "OWL metadata concept", "person",
        "physical force", "physical object", "procedure", "product", "product name", "qualifier value", "racial group",
        "real clinical drug", "record artifact", "regime/therapy", "release characteristic", "religion/philosophy", "role",
        "situation", "social concept", "special concept", "specimen", "staging scale", "state of matter", "substance",
        "supplier", "transformation", "trade family", "tumor staging", "unit of presentation", "virtual clinical drug",
        "virtual medicinal product",
    ]

    /// `name` without a semantic tag at its end; any other brackets stay (`Essential (primary)
    /// hypertension`, `Cobalamin (Vitamin B12)`). A name with underscores and no spaces
    /// (`Medication_Review_Due`) is a code: its words.
    public static func of(_ name: String) -> String {
        if let tag = tagRange(in: name) {
            let term = name[..<tag.lowerBound]
            return term.isEmpty ? name : String(term)
        }
        return words(ofCode: name, hyphens: false) ?? name
    }

    /// The semantic tag `name` ends with (`situation`), nil when it has none.
    public static func tag(of name: String) -> String? {
        tagRange(in: name).map { String(name[$0].dropFirst(2).dropLast()) }
    }

    /// A code shown for want of any name: its words when it is words joined by `_` or `-`
    /// (`chest-pain` reads `Chest pain`); else as it is (`314529007`, `I10`, `COVID-19`).
    public static func of(code: String) -> String {
        words(ofCode: code, hyphens: true) ?? code
    }

    /// Where " (tag)" starts and ends in `name`, when its last bracket is one.
    private static func tagRange(in name: String) -> Range<String.Index>? {
        guard name.utf8.last == UInt8(ascii: ")"), let open = name.range(of: " (", options: .backwards) else { return nil }
        let tag = name[open.upperBound..<name.index(before: name.endIndex)]
        return semanticTags.contains(tag) ? open.lowerBound..<name.endIndex : nil
    }

    /// The words of a code made only of letters joined by `_` (and `-` with `hyphens`), in
    /// sentence case: a capitalised word loses its capital after the first
    /// (`Medication_Review_Due`), a code in capitals is lowered whole (`CHEST_PAIN`), an acronym
    /// beside other words keeps its capitals (`COPD_Exacerbation`). Nil when `code` is not such
    /// a code. A byte scan comes first: every concept's name passes through here (a worksheet of
    /// two years of labs, thousands), and almost none is a code.
    private static func words(ofCode code: String, hyphens: Bool) -> String? {
        func isSeparator(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "_") || (hyphens && byte == UInt8(ascii: "-")) }
        guard code.utf8.contains(where: isSeparator), !code.utf8.contains(UInt8(ascii: " ")) else { return nil }
        guard code.allSatisfy({ $0.isLetter || $0.asciiValue.map(isSeparator) == true }) else { return nil }
        let words = code.split { $0.asciiValue.map(isSeparator) == true }.map(String.init)
        guard words.count > 1 else { return nil }
        let shouting = words.allSatisfy { $0 == $0.uppercased() }
        let lowered = words.enumerated().map { index, word -> String in
            let isCapitalised = word.first?.isUppercase == true && word.dropFirst().allSatisfy(\.isLowercase)
            let lower = shouting || isCapitalised || word.allSatisfy(\.isLowercase) ? word.lowercased() : word
            return index == 0 ? lower.prefix(1).uppercased() + lower.dropFirst() : lower
        }
        return lowered.joined(separator: " ")
    }
}
