import Foundation
import CoreDomain

/// Routes as the short forms used on medication lines: PO, IV, IM, subcut, SL, PR, top, inh,
/// neb, nasal. Subcutaneous is written `subcut`, not `SC`/`SQ`, which ISMP lists as error-prone
/// (SC is misread as SL). SNOMED CT codes are read first, then the route's words; a route
/// neither knows is shown as its own display text.
public enum RouteText {
    private static let snomed: [String: String] = [
        "26643006": "PO",     // Oral route
        "47625008": "IV",     // Intravenous route
        "78421000": "IM",     // Intramuscular route
        "34206005": "subcut", // Subcutaneous route
        "37839007": "SL",     // Sublingual route
        "37161004": "PR",     // Per rectum
        "6064005": "top",     // Topical route
        "447694001": "inh",   // Respiratory tract route
        "18679011000001101": "inh", // Inhalation (UK dm+d)
        "46713006": "nasal",  // Nasal route
    ]

    /// Words in a route's text, checked in order ("nebulised inhalation" is neb).
    private static let words: [(fragment: String, short: String)] = [
        ("nebul", "neb"), ("intravenous", "IV"), ("intramuscular", "IM"), ("subcutaneous", "subcut"),
        ("sublingual", "SL"), ("rectal", "PR"), ("per rectum", "PR"), ("oral", "PO"), ("by mouth", "PO"),
        ("topical", "top"), ("inhal", "inh"), ("respiratory tract", "inh"), ("nasal", "nasal"),
    ]

    /// Abbreviations sources already use, accepted as they are (SC and SQ become subcut).
    private static let abbreviations: [String: String] = [
        "po": "PO", "iv": "IV", "im": "IM", "sc": "subcut", "sq": "subcut", "subcut": "subcut", "sl": "SL",
        "pr": "PR", "top": "top", "inh": "inh", "neb": "neb",
    ]

    /// Every short form this type prints, for `TextFitting` to leave whole.
    public static let shortForms: Set<String> = Set(snomed.values).union(words.map(\.short)).union(abbreviations.values)

    /// nil when there is no route.
    public static func format(_ route: CodedConcept?) -> String? {
        guard let route, route.text?.isEmpty == false || route.codings.contains(where: { $0.display ?? $0.code != nil }) else {
            return nil
        }
        for coding in route.codings where coding.system == CodeSystem.snomed {
            if let short = coding.code.flatMap({ snomed[$0] }) { return short }
        }
        let texts = ([route.text] + route.codings.map(\.display)).compactMap { $0?.lowercased() }
        for text in texts {
            if let short = abbreviations[text.trimmingCharacters(in: .whitespaces)] { return short }
            if let match = words.first(where: { text.contains($0.fragment) }) { return match.short }
        }
        return route.displayName
    }
}
