import CoreDomain

/// Units as a clinician reads them, from UCUM codes or the source's own unit text.
///
/// UCUM spellings become the familiar ones (`mm[Hg]` -> `mmHg`, `{beats}/min` -> `/min`,
/// `Cel` -> `°C`), and ISMP's error-prone unit abbreviations are replaced: `µg`/`ug` -> `mcg`,
/// `U`/`IU` -> `units`, `cc` -> `mL`, also within rates (`ug/min` -> `mcg/min`). Without Unicode (`unicode: false`, a non-UTF-8 terminal)
/// the degree sign and superscripts are dropped (`C`, `kg/m2`). Curly-brace annotations are
/// dropped, or kept when they are all a part is (`{tablet}` -> `tablet`, `mL/min/{1.73_m2}` ->
/// `mL/min/1.73m2`).
/// The unity unit `1` shows as no unit.
public enum UnitText {
    private struct Display {
        let unicode: String
        let ascii: String
    }

    private static func same(_ text: String) -> Display { Display(unicode: text, ascii: text) }

    private static let table: [String: Display] = {
        var table: [String: Display] = [:]
        let groups: [([String], Display)] = [
            (["Cel", "°C", "degC"], Display(unicode: "°C", ascii: "C")),
            (["[degF]", "°F", "degF"], Display(unicode: "°F", ascii: "F")),
            (["mm[Hg]", "mmHg"], same("mmHg")),
            (["/min", "{beats}/min", "{breaths}/min", "beats/min", "breaths/min", "bpm"], same("/min")),
            (["kg/m2", "kg/m²"], Display(unicode: "kg/m²", ascii: "kg/m2")),
            (["ug", "µg", "μg", "mcg"], same("mcg")),
            (["[iU]", "[IU]", "IU", "U", "[U]", "iU"], same("units")),
            (["mL", "ml", "cc", "cm3"], same("mL")),
            (["L", "l"], same("L")),
            (["[in_i]"], same("in")),
            (["[lb_av]"], same("lb")),
            (["1"], same("")),
        ] + ["mg", "g", "kg", "cm", "%", "mmol/L", "mg/dL", "h", "min", "d"].map { ([$0], same($0)) }
        for (spellings, display) in groups {
            for spelling in spellings { table[spelling] = display }
        }
        return table
    }()

    /// Every unit this type prints for a known spelling, for `TextFitting` to leave whole.
    public static let displayUnits: Set<String> = Set(table.values.flatMap { [$0.unicode, $0.ascii] }.filter { !$0.isEmpty })

    /// The unit to print after `quantity`'s value; nil when it has none.
    public static func display(_ quantity: Quantity, unicode: Bool) -> String? {
        display(ucum: quantity.ucumCode, unit: quantity.unit, unicode: unicode)
    }

    /// A known UCUM code wins; else the source's unit text; else the UCUM code, cleaned.
    public static func display(ucum: String?, unit: String?, unicode: Bool) -> String? {
        let candidates = [ucum.flatMap { table[$0] != nil ? $0 : nil }, unit, ucum].compactMap { $0 }.filter { !$0.isEmpty }
        guard let spelling = candidates.first else { return nil }
        let text: String
        if let known = table[spelling] {
            text = unicode ? known.unicode : known.ascii
        } else {
            let cleaned = spelling.split(separator: "/", omittingEmptySubsequences: false).map(withoutAnnotations).joined(separator: "/")
            text = table[cleaned].map { unicode ? $0.unicode : $0.ascii } ?? perPart(cleaned, unicode: unicode)
        }
        return text.isEmpty ? nil : text
    }

    /// A rate or dose per weight (`ug/kg/min`, `U/h`) read part by part, so ISMP's error-prone
    /// abbreviations go inside it too (`mcg/kg/min`, `units/h`); a part not known stays as written.
    private static func perPart(_ spelling: String, unicode: Bool) -> String {
        spelling.split(separator: "/", omittingEmptySubsequences: false).map { part in
            guard let known = table[String(part)], !known.unicode.isEmpty else { return String(part) }
            return unicode ? known.unicode : known.ascii
        }.joined(separator: "/")
    }

    /// One part of a unit: "mg{total}" -> "mg"; "{tablet}" -> "tablet"; "{1.73_m2}" -> "1.73m2"
    /// (a part that is only an annotation is what that part means, as in `mL/min/{1.73_m2}`).
    private static func withoutAnnotations(_ spelling: Substring) -> String {
        var stripped = "", annotation = "", depth = 0
        for character in spelling {
            switch character {
            case "{": depth += 1
            case "}": depth = max(0, depth - 1)
            default: if depth > 0 { annotation.append(character) } else { stripped.append(character) }
            }
        }
        return stripped.isEmpty ? annotation.filter { $0 != "_" } : stripped
    }
}
