import CoreDomain
import Foundation

/// The ward's own adult reference intervals and critical limits for about thirty common tests,
/// used only for a result the laboratory sent without a range (Synthea sends none; some
/// middleware strips them), so a potassium of 6.9 is never shown unjudged. Each is looked up by
/// LOINC code and the result's unit, never converted: a result in another unit than the table
/// has is left unjudged, as before, rather than judged against a number in the wrong unit.
///
/// Normal intervals: adult values as the ABIM Laboratory Test Reference Ranges (American Board
/// of Internal Medicine, 2024) give them in US units, with the UK Pathology Harmony intervals
/// for the SI units it covers. Critical limits: in line with the Royal College of Pathologists'
/// alert thresholds ("The communication of critical and unexpected pathology results", 2017)
/// and Kost's survey of US critical limits (JAMA 1990;263:704), rounded to the values hospital
/// policies use. Sex-specific intervals use the patient's sex; for a patient whose sex is
/// unknown, the wider of the two (female low, male high). The workstation's reference (Sources/emr/emr.docc/Workstation.md, "Reference intervals") lists them all; a ward
/// whose laboratory uses other values changes them here, in one place.
public struct WardReferenceInterval: Sendable, Hashable {
    /// The normal interval, both ends included; nil where that side has none.
    public var low: Decimal?
    public var high: Decimal?
    /// A value at or beyond these is critical.
    public var criticalAtOrBelow: Decimal?
    public var criticalAtOrAbove: Decimal?

    /// The interval as a reference range in `value`'s unit, for showing and judging.
    public func range(for value: Quantity) -> ReferenceRange {
        func bound(_ number: Decimal?) -> Quantity? {
            number.map { Quantity(value: $0, unit: value.unit, ucumCode: value.ucumCode) }
        }
        return ReferenceRange(low: bound(low), high: bound(high))
    }

    /// `criticalLow` or `criticalHigh` when `value` is at or beyond a critical limit, else nil.
    public func criticalFlag(for value: Decimal) -> AbnormalFlag? {
        if let criticalAtOrBelow, value <= criticalAtOrBelow { return .criticalLow }
        if let criticalAtOrAbove, value >= criticalAtOrAbove { return .criticalHigh }
        return nil
    }
}

public enum WardReferenceIntervals {
    /// The interval for the test `loinc` in `value`'s unit, for a patient of `sex`; nil when the
    /// table has none for that test in that unit.
    public static func interval(loinc: String, value: Quantity, sex: AdministrativeGender) -> WardReferenceInterval? {
        guard let entries = byLOINC[loinc] else { return nil }
        let unit = value.ucumCode ?? value.unit
        guard let entry = entries.first(where: { $0.accepts(unit) }) else { return nil }
        return entry.interval(for: sex)
    }

    /// One test in one unit.
    struct Entry: Sendable {
        var codes: [String]
        /// The UCUM code and the other spellings senders use for the unit; `nil` in the set
        /// accepts a result that names no unit (INR, pH).
        var units: Set<String?>
        /// Both sexes' interval, or the male one where `female` is given.
        var normal: (low: Decimal?, high: Decimal?)
        var female: (low: Decimal?, high: Decimal?)?
        var critical: (atOrBelow: Decimal?, atOrAbove: Decimal?)

        /// Numbers are written as text (`"0.04"`): a `Decimal` from a float literal is not exact.
        /// `normal` and `female` are `low-high`; `critical` is `low/high`, either side empty.
        init(_ codes: [String], _ units: Set<String?>, _ normal: String, female: String? = nil, critical: String = "/") {
            self.codes = codes
            self.units = units
            self.normal = Self.pair(normal, "-")
            self.female = female.map { Self.pair($0, "-") }
            let limits = Self.pair(critical, "/")
            self.critical = (limits.low, limits.high)
        }

        private static func pair(_ text: String, _ separator: Character) -> (low: Decimal?, high: Decimal?) {
            let sides = text.split(separator: separator, omittingEmptySubsequences: false).map { Decimal(string: String($0)) }
            return (sides[0], sides[1])
        }

        func accepts(_ unit: String?) -> Bool { units.contains(unit) }

        func interval(for sex: AdministrativeGender) -> WardReferenceInterval {
            var bounds = normal
            if let female {
                switch sex {
                case .male: break
                case .female: bounds = female
                case .other, .unknown:
                    bounds = ([female.low, normal.low].compactMap { $0 }.min(), [female.high, normal.high].compactMap { $0 }.max())
                }
            }
            return WardReferenceInterval(low: bounds.low, high: bounds.high, criticalAtOrBelow: critical.atOrBelow, criticalAtOrAbove: critical.atOrAbove)
        }
    }

    private static let millimoles: Set<String?> = ["mmol/L", "mEq/L", "meq/L"]
    private static let thousandsPerMicrolitre: Set<String?> = ["10*3/uL", "10^3/uL", "10*9/L", "10^9/L", "K/uL", "x10E3/uL", "/nL"]
    private static let perLitreEnzyme: Set<String?> = ["U/L", "[IU]/L", "IU/L"]
    private static let millimetresOfMercury: Set<String?> = ["mm[Hg]", "mmHg"]

    /// The table, one line per test and unit (Workstation.md, "Reference intervals", lists the same).
    static let entries: [Entry] = [
        // Electrolytes and renal
        Entry(["2951-2", "2947-0"], millimoles, "135-145", critical: "120/160"),
        Entry(["2823-3", "6298-4"], millimoles, "3.5-5.1", critical: "2.5/6.5"),
        Entry(["2075-0", "2069-3"], millimoles, "98-107", critical: "80/120"),
        Entry(["1963-8", "2028-9", "1960-4"], millimoles, "22-29", critical: "10/40"),
        Entry(["3094-0", "6299-2"], ["mg/dL"], "7-20", critical: "/100"),
        Entry(["22664-7", "3091-6", "14937-7"], ["mmol/L"], "2.5-7.8", critical: "/36"),
        Entry(["2160-0", "38483-4"], ["mg/dL"], "0.7-1.3", female: "0.6-1.1"),
        Entry(["14682-9", "2160-0", "38483-4"], ["umol/L", "µmol/L"], "59-104", female: "45-84"),
        Entry(["2345-7", "2339-0", "41653-7"], ["mg/dL"], "70-140", critical: "45/450"),
        Entry(["15074-8", "14749-6", "2345-7", "2339-0"], ["mmol/L"], "3.9-7.8", critical: "2.5/25"),
        Entry(["17861-6", "49765-1"], ["mg/dL"], "8.6-10.2", critical: "6.6/13"),
        Entry(["2000-8", "17861-6"], ["mmol/L"], "2.2-2.6", critical: "1.65/3.25"),
        Entry(["1994-3"], ["mmol/L"], "1.15-1.3", critical: "0.8/1.6"),
        Entry(["19123-9", "2601-3"], ["mg/dL"], "1.5-2.4", critical: "1.2/4.9"),
        Entry(["19123-9", "2601-3"], ["mmol/L"], "0.7-1", critical: "0.5/2"),
        Entry(["2777-1"], ["mg/dL"], "2.5-4.5", critical: "1/"),
        Entry(["14879-1", "2777-1"], ["mmol/L"], "0.8-1.5", critical: "0.3/"),
        // Liver
        Entry(["1751-7"], ["g/dL"], "3.5-5"),
        Entry(["1751-7", "61151-7"], ["g/L"], "35-50"),
        Entry(["1742-6", "1743-4"], perLitreEnzyme, "10-40"),
        Entry(["1920-8"], perLitreEnzyme, "10-40"),
        Entry(["6768-6"], perLitreEnzyme, "30-120"),
        Entry(["1975-2"], ["mg/dL"], "0.3-1.2"),
        Entry(["14631-6", "1975-2"], ["umol/L", "µmol/L"], "0-21"),
        // Blood count
        Entry(["718-7", "20509-6"], ["g/dL"], "13.5-17.5", female: "12-15.5", critical: "6.6/20"),
        Entry(["718-7", "20509-6"], ["g/L"], "135-175", female: "120-155", critical: "66/200"),
        Entry(["4544-3", "20570-8"], ["%"], "41-50", female: "36-44", critical: "20/60"),
        Entry(["6690-2", "26464-8"], thousandsPerMicrolitre, "4-11", critical: "2/30"),
        Entry(["751-8", "26499-4"], thousandsPerMicrolitre, "1.8-7.5", critical: "0.5/"),
        Entry(["777-3", "26515-7"], thousandsPerMicrolitre, "150-400", critical: "30/1000"),
        // Coagulation
        Entry(["6301-6", "34714-6"], [nil, "{INR}", "{ratio}", "1", "INR", "{RATIO}"], "0.8-1.2", critical: "/5"),
        Entry(["5902-2"], ["s"], "11-13.5"),
        Entry(["3173-2", "14979-9"], ["s"], "25-35", critical: "/100"),
        Entry(["3255-7"], ["mg/dL"], "200-400", critical: "100/"),
        Entry(["3255-7"], ["g/L"], "2-4", critical: "1/"),
        // Cardiac, sepsis, inflammation
        Entry(["10839-9", "42757-5"], ["ng/mL", "ug/L", "µg/L"], "0-0.04"),
        Entry(["6598-7"], ["ng/mL", "ug/L", "µg/L"], "0-0.01"),
        Entry(["2524-7", "32693-4"], ["mmol/L"], "0.5-2.2", critical: "/4"),
        Entry(["1988-5", "76485-2"], ["mg/L"], "0-10"),
        Entry(["1988-5"], ["mg/dL"], "0-1"),
        // Blood gas
        Entry(["2744-1", "11558-4"], [nil, "[pH]", "pH"], "7.35-7.45", critical: "7.2/7.6"),
        Entry(["2019-8", "11557-6"], millimetresOfMercury, "35-45", critical: "20/70"),
        Entry(["2703-7", "11556-8"], millimetresOfMercury, "80-100", critical: "40/"),
        // Endocrine
        Entry(["4548-4", "17856-6"], ["%"], "4-5.6"),
        Entry(["3016-3"], ["m[IU]/L", "u[IU]/mL", "mIU/L", "uIU/mL"], "0.4-4"),
    ]

    private static let byLOINC: [String: [Entry]] = {
        var table: [String: [Entry]] = [:]
        for entry in entries {
            for code in entry.codes { table[code, default: []].append(entry) }
        }
        return table
    }()
}
