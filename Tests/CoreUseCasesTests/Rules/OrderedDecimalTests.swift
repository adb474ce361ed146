@testable import CoreUseCases
import CoreDomain
import Foundation
import Testing

/// A range flag is clinical safety: the quick comparison must give the exact `Decimal` answer
/// at every bound, for values sent with float noise, and for bounds written with other decimals.
@Suite struct OrderedDecimalTests {
    private func decimal(_ text: String) -> Decimal { Decimal(string: text)! }

    /// Both orders of the pair, against Foundation's exact answer.
    private func expectExactOrder(_ a: String, _ b: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let x = decimal(a), y = decimal(b)
        #expect((OrderedDecimal(x) < OrderedDecimal(y)) == (x < y), "\(a) < \(b)", sourceLocation: sourceLocation)
        #expect((OrderedDecimal(x) > OrderedDecimal(y)) == (x > y), "\(a) > \(b)", sourceLocation: sourceLocation)
        #expect((OrderedDecimal(y) < OrderedDecimal(x)) == (y < x), "\(b) < \(a)", sourceLocation: sourceLocation)
    }

    private func flag(_ value: String, low: String?, high: String?) -> AbnormalFlag {
        AbnormalFlagRule.flag(
            interpretation: [], value: Quantity(value: decimal(value), unit: "mmol/L"),
            ranges: [ReferenceRange(low: low.map { Quantity(value: decimal($0), unit: "mmol/L") },
                                    high: high.map { Quantity(value: decimal($0), unit: "mmol/L") })],
            limits: nil)
    }

    /// What the flag is by exact `Decimal` arithmetic.
    private func exactFlag(_ value: String, low: String?, high: String?) -> AbnormalFlag {
        if let low, decimal(value) < decimal(low) { return .low }
        if let high, decimal(value) > decimal(high) { return .high }
        return .normal
    }

    @Test func aValueExactlyAtABoundIsNormal() {
        #expect(flag("3.5", low: "3.5", high: "5.1") == .normal)
        #expect(flag("5.1", low: "3.5", high: "5.1") == .normal)
        #expect(flag("150", low: "150", high: "400") == .normal)
        #expect(flag("0", low: "0", high: nil) == .normal)
    }

    @Test func boundsWithOtherDecimalsCompareByValue() {
        #expect(flag("5.10", low: "3.5", high: "5.1") == .normal)
        #expect(flag("5.1", low: "3.50", high: "5.100000") == .normal)
        #expect(flag("400.0", low: "150", high: "400") == .normal)
        #expect(flag("3.49", low: "3.5", high: "5.1") == .low)
        #expect(flag("5.11", low: "3.5", high: "5.1") == .high)
        #expect(flag("0.6", low: "0.60", high: "1.2") == .normal)
    }

    @Test func floatNoiseJustAboveOrBelowABoundIsJudgedExactly() {
        // The Doubles next to 5.1 and 3.5, as a generator prints them.
        #expect(flag("5.1000000000000005", low: "3.5", high: "5.1") == .high)
        #expect(flag("5.0999999999999996", low: "3.5", high: "5.1") == .normal)
        #expect(flag("3.4999999999999996", low: "3.5", high: "5.1") == .low)
        #expect(flag("3.5000000000000004", low: "3.5", high: "5.1") == .normal)
        // Closer than any Double can tell apart: only the exact comparison sees it.
        #expect(flag("5.100000000000000000000000001", low: "3.5", high: "5.1") == .high)
        #expect(flag("3.499999999999999999999999999", low: "3.5", high: "5.1") == .low)
        #expect(flag("1.2000000000000002", low: "0.6", high: "1.2") == .high)
    }

    @Test func signsZeroAndExtremeMagnitudesOrderExactly() {
        expectExactOrder("-0.0000000001", "0")
        expectExactOrder("0.000000000000000000000000000001", "0")
        expectExactOrder("-5.1", "-5.1000000000000005")
        expectExactOrder("123456789012345678901234567890", "123456789012345678901234567891")
        expectExactOrder("99999999999999999999999999999999999999", "1e38")
        expectExactOrder("1e-100", "1.0000000000000000000001e-100")
    }

    /// Values a generator writes around a bound (the bound's Double and a few of its
    /// neighbours either side, printed as Swift prints them) against bounds of one to three
    /// decimals: the rule's flag is the exact one for every pair.
    @Test func everyValueAroundABoundGetsTheExactFlag() {
        let bounds = ["3.5", "5.1", "0.6", "1.2", "136", "145", "12", "0.03", "98.6", "7.35", "7.45", "1.005"]
        for low in bounds {
            for high in bounds {
                for bound in [low, high] {
                    var near = Double(bound)!
                    for _ in 0..<4 { near = near.nextDown }
                    for _ in 0..<9 {
                        let value = "\(near)"
                        #expect(flag(value, low: low, high: high) == exactFlag(value, low: low, high: high), "\(value) in \(low)–\(high)")
                        near = near.nextUp
                    }
                }
            }
        }
    }
}
