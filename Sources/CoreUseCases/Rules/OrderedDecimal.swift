import Foundation

/// A `Decimal` that orders exactly as Foundation's does, only faster. A worksheet judges
/// thousands of values with float noise (`4.2345678901234567`) against bounds such as `3.5`,
/// and each `Decimal` comparison first scales one side by up to 10^16 in multi-word arithmetic.
/// So each side also carries its nearest `Double`: where the two Doubles are clearly apart they
/// give the order; where they are within a hair of each other (a value at a bound, or float
/// noise just above or below one) the exact `Decimal` comparison decides. The answer, and so
/// every flag, is always the exact one.
struct OrderedDecimal {
    let exact: Decimal
    let approximate: Double

    init(_ value: Decimal) {
        exact = value
        approximate = NSDecimalNumber(decimal: value).doubleValue
    }

    /// How far apart, relative to the larger magnitude, two Doubles must be for their order to
    /// be the exact one. Converting rounds once per 16-bit word of the significand and once per
    /// power of ten (at most 8 + 128 roundings of 2^-53 each, about 2e-14 of the value), so
    /// 1e-9 leaves five orders of magnitude to spare; anything closer is compared exactly.
    static let margin = 1e-9

    static func < (a: OrderedDecimal, b: OrderedDecimal) -> Bool {
        let x = a.approximate, y = b.approximate
        if x.isFinite, y.isFinite, abs(x - y) > margin * max(abs(x), abs(y)) { return x < y }
        return a.exact < b.exact
    }

    static func > (a: OrderedDecimal, b: OrderedDecimal) -> Bool { b < a }
}
