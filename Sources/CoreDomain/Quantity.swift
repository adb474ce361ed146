import Foundation

/// A measured amount. `value` is a Decimal so "0.5" stays exactly 0.5 and is never
/// reformatted through a binary float on its way to a screen.
public struct Quantity: Hashable, Sendable {
    public var value: Decimal
    /// The unit as a person reads it ("mg", "mmHg", "°C").
    public var unit: String?
    /// The UCUM code ("mg", "mm[Hg]", "Cel") when the source gave one.
    public var ucumCode: String?
    /// `<`, `<=`, `>=`, `>` when the value is a bound, not a point.
    public var comparator: String?

    public init(value: Decimal, unit: String? = nil, ucumCode: String? = nil, comparator: String? = nil) {
        self.value = value
        self.unit = unit
        self.ucumCode = ucumCode
        self.comparator = comparator
    }

    /// For plotting only. Parsed from the decimal text: `NSDecimalNumber.doubleValue` is
    /// inexact on Linux (0.373 became 0.37299999999999994).
    public var doubleValue: Double { Double(value.description) ?? NSDecimalNumber(decimal: value).doubleValue }
}

/// A time span; either end may be unknown or open.
public struct Period: Hashable, Sendable {
    public var start: Date?
    public var end: Date?

    public init(start: Date? = nil, end: Date? = nil) {
        self.start = start
        self.end = end
    }
}
