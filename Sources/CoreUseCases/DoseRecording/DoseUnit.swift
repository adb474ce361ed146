import CoreDomain
import Foundation

/// A dose's or a rate's unit as far as amounts can be compared across it: what is measured
/// (a mass, a volume, or a unit only comparable with itself: `units`, `IU`, `tablet`), per
/// what body measure (`/kg`, `/m2`) and per what time (`/h`, `/min`). Masses convert (g, mg,
/// mcg, with mcg also spelled `ug`, `µg`, `microgram`), volumes convert (L, mL), times convert
/// (d, h, min, s); nothing converts across kinds: `units` against `mg` is a mismatch.
public struct DoseUnit: Hashable, Sendable {
    /// What the amount measures.
    public enum Kind: Hashable, Sendable {
        case mass, volume
        /// A unit comparable only with itself, by its folded name (`unit`, `IU`, `tablet`).
        case named(String)
    }

    public var kind: Kind
    /// How many of the kind's base (mcg for a mass, mL for a volume, 1 otherwise) one of it is.
    public var factor: Decimal
    /// Body measures it is per, in order written (`kg`, `m2`).
    public var perBody: [String]
    /// Seconds in the time it is per (3600 for `/h`); nil when not per a time.
    public var perSeconds: Decimal?

    /// The unit written as `text` (its `/` parts: `mg`, `units/kg/h`, `mcg/kg/min`, `mL/h`, or
    /// UCUM's `ug/kg/min`, `[iU]`); nil for empty text. A unit whose parts do not all read is
    /// one named unit as a whole (compared as written, case and plural aside).
    public init?(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return nil }
        let parts = trimmed.split(separator: "/", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        var perBody: [String] = [], perSeconds: Decimal?
        var readsWhole = parts.count >= 1 && !parts[0].isEmpty
        for part in parts.dropFirst() {
            if let body = Self.bodyMeasures[part.lowercased()] {
                perBody.append(body)
            } else if let seconds = Self.seconds[part.lowercased()], perSeconds == nil {
                perSeconds = seconds
            } else {
                readsWhole = false
            }
        }
        if readsWhole, let measured = Self.measured(parts[0]) {
            (kind, factor) = measured
            self.perBody = perBody
            self.perSeconds = perSeconds
        } else {
            (kind, factor, self.perBody, self.perSeconds) = (.named(Self.folded(trimmed)), 1, [], nil)
        }
    }

    /// The unit of `quantity`: its unit as written, else its UCUM code.
    public init?(of quantity: Quantity) {
        guard let unit = (quantity.unit.flatMap(Self.init) ?? quantity.ucumCode.flatMap(Self.init)) else { return nil }
        self = unit
    }

    /// Amounts in the two units can be compared: the same kind, per the same body measures,
    /// and both per a time or neither.
    public func isComparable(with other: DoseUnit) -> Bool {
        kind == other.kind && perBody == other.perBody && (perSeconds == nil) == (other.perSeconds == nil)
    }

    private static let masses: [String: Decimal] = [
        "g": 1_000_000, "gram": 1_000_000, "grams": 1_000_000,
        "mg": 1_000, "milligram": 1_000, "milligrams": 1_000,
        "mcg": 1, "ug": 1, "µg": 1, "μg": 1, "microgram": 1, "micrograms": 1,
    ]
    private static let volumes: [String: Decimal] = [
        "l": 1_000, "liter": 1_000, "litre": 1_000, "liters": 1_000, "litres": 1_000,
        "ml": 1, "milliliter": 1, "millilitre": 1, "milliliters": 1, "millilitres": 1,
    ]
    private static let bodyMeasures: [String: String] = ["kg": "kg", "m2": "m2", "m²": "m2"]
    private static let seconds: [String: Decimal] = [
        "d": 86_400, "day": 86_400, "h": 3_600, "hr": 3_600, "hour": 3_600, "min": 60, "minute": 60, "s": 1, "sec": 1,
    ]
    /// Spellings of the same named unit (UCUM's bracketed codes, plurals).
    private static let aliases: [String: String] = [
        "u": "unit", "[u]": "unit", "units": "unit",
        "iu": "IU", "[iu]": "IU", "international unit": "IU", "international units": "IU",
    ]

    private static func measured(_ text: String) -> (Kind, Decimal)? {
        let key = text.lowercased()
        if let factor = masses[key] { return (.mass, factor) }
        if let factor = volumes[key] { return (.volume, factor) }
        // A number or a symbol is not a unit's name (`2 x 5`, `%`): only letters make one.
        guard key.allSatisfy({ $0.isLetter || $0 == " " || $0 == "[" || $0 == "]" }) else { return nil }
        return (.named(folded(text)), 1)
    }

    /// A named unit as compared: its alias, else lower case with a plural `s` dropped
    /// (`tablets` is `tablet`).
    private static func folded(_ text: String) -> String {
        let key = text.lowercased().split(separator: " ").joined(separator: " ")
        if let alias = aliases[key] { return alias }
        return key.count > 3 && key.hasSuffix("s") ? String(key.dropLast()) : key
    }
}
