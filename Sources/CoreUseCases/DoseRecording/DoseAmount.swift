import CoreDomain
import Foundation

/// An amount to compare with another: a dose (`45 g`) or a rate (`18 units/kg/h`, or `10 mg`
/// per `1 h` as FHIR's `rateRatio` writes it), with the words it is shown in. Amounts are
/// compared by multiplying across, never by dividing: `Decimal` stays exact, so 2x is 2x.
public struct DoseAmount: Hashable, Sendable {
    public var value: Decimal
    /// What `value` is divided by (a ratio's denominator value; 1 otherwise).
    public var divisor: Decimal
    public var unit: DoseUnit?
    /// The amount as the nurse reads it, ISMP style (`0.5 mg`, `10 mg/h`, `100 mL per 30 min`).
    public var text: String
    /// Its unit as written (`mg`, `mg/h`, `mL per 30 min`).
    public var unitText: String

    public init(_ quantity: Quantity) {
        let unitText = quantity.unit ?? quantity.ucumCode ?? ""
        self.init(value: quantity.value, divisor: 1, unit: DoseUnit(of: quantity), unitText: unitText)
    }

    /// A rate: the amount, over its `per` quantity when it has one (a `rateRatio`).
    public init(_ rate: MedicationRequest.Rate) {
        guard let per = rate.per, let perUnit = per.unit ?? per.ucumCode,
              let amountUnit = rate.amount.unit ?? rate.amount.ucumCode, per.value > 0 else {
            self.init(rate.amount)
            return
        }
        let unitText = per.value == 1 ? "\(amountUnit)/\(perUnit)" : "\(amountUnit) per \(per.value) \(perUnit)"
        self.init(value: rate.amount.value, divisor: per.value, unit: DoseUnit(amountUnit + "/" + perUnit), unitText: unitText)
    }

    private init(value: Decimal, divisor: Decimal, unit: DoseUnit?, unitText: String) {
        self.value = value
        self.divisor = divisor
        self.unit = unit
        self.unitText = unitText
        text = "\(value) \(unitText)".trimmingCharacters(in: .whitespaces)
    }

    /// The two sides of `self` against `other` in one base (`self`'s value times `other`'s
    /// time and divisor, against the reverse), so their ratio is `left / right`; nil when the
    /// units cannot be compared.
    func crossMultiplied(against other: DoseAmount) -> (left: Decimal, right: Decimal)? {
        guard let unit, let otherUnit = other.unit, unit.isComparable(with: otherUnit) else { return nil }
        let left = value * unit.factor * (otherUnit.perSeconds ?? 1) * other.divisor
        let right = other.value * otherUnit.factor * (unit.perSeconds ?? 1) * divisor
        return (left, right)
    }
}
