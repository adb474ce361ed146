import CoreDomain
import CoreUseCases
import Foundation
import Testing

/// The right dose: what was given against the order, in the order's unit, with the ratio said
/// and a reason asked from 2x or 0.5x.
@Suite struct DoseCheckRuleTests {
    static func q(_ text: String) -> Quantity {
        let parts = text.split(separator: " ", maxSplits: 1)
        return Quantity(value: Decimal(string: String(parts[0]))!, unit: String(parts[1]))
    }

    static func check(_ given: String, _ ordered: String) -> DoseCheck {
        DoseCheckRule.check(given: q(given), ordered: q(ordered))
    }

    /// The issue's dose: 45 g against 4.5 g piperacillin/tazobactam went through silently.
    @Test func aTenTimesDoseIsToldWithItsRatioAndNeedsAReason() {
        let check = Self.check("45 g", "4.5 g")
        #expect(check == .needsReason(DoseDifference(given: "45 g", ordered: "4.5 g", ratio: 10)))
        #expect(check.sentence == "45 g is 10x the ordered 4.5 g")
    }

    @Test func everyConversionIsTheSameAmount() {
        for (given, ordered) in [("4500 mg", "4.5 g"), ("500 mcg", "0.5 mg"), ("500 ug", "0.5 mg"),
                                 ("500 µg", "0.5 mg"), ("500 micrograms", "0.5 mg"), ("0.5 mg", "500 mcg"), ("1 g", "1000000 mcg"),
                                 ("1 L", "1000 mL"), ("250 ml", "0.25 L"), ("4.5 G", "4.5 g"), ("18 units/kg/h", "18 units/kg/h"),
                                 ("0.3 unit/kg/min", "18 units/kg/h"), ("3 mcg/kg/h", "0.05 mcg/kg/min"), ("2 IU", "2 [iU]"),
                                 ("2 tablets", "2 tablet")] {
            #expect(Self.check(given, ordered) == .same, "\(given) against \(ordered)")
        }
    }

    @Test func aMassAgainstUnitsOrAVolumeIsRefused() {
        for (given, ordered) in [("5000 units", "50 mg"), ("50 mg", "5000 units"), ("10 mL", "10 mg"), ("2 IU", "2 units"),
                                 ("18 units/kg/h", "18 units/h"), ("18 units/h", "18 units/kg/h"), ("10 mg", "10 mg/h"),
                                 ("1 tablet", "500 mg"), ("1250 mg", "1250 mg/m2")] {
            guard case .refused = Self.check(given, ordered) else {
                Issue.record("\(given) against \(ordered) is \(Self.check(given, ordered))")
                continue
            }
        }
        #expect(Self.check("5000 units", "50 mg").sentence == "5000 units cannot be compared with the ordered 50 mg: type it in mg, as ordered")
    }

    /// 0.5x and 2x exactly ask for a reason; the smallest step inside does not. Decimals, not
    /// binary floats: 0.1 + 0.2 style noise would put 2x on the wrong side.
    @Test func theBoundariesAreExact() {
        func reasonAsked(_ given: String, _ ordered: String) -> Bool {
            if case .needsReason = Self.check(given, ordered) { return true }
            return false
        }
        #expect(reasonAsked("9 g", "4.5 g"), "2x")
        #expect(!reasonAsked("8.999 g", "4.5 g"), "just under 2x")
        #expect(reasonAsked("2.25 g", "4.5 g"), "0.5x")
        #expect(!reasonAsked("2.2501 g", "4.5 g"), "just over 0.5x")
        #expect(reasonAsked("0.6 mg", "0.3 mg"), "2x of a decimal a float cannot hold")
        #expect(reasonAsked("0.15 mg", "0.3 mg"), "0.5x of a decimal a float cannot hold")
        #expect(reasonAsked("9000 mg", "4.5 g"), "2x across units")
        #expect(reasonAsked("0.1 mcg/kg/min", "0.05 mcg/kg/min"), "2x of a rate")
        #expect(reasonAsked("9 mcg/kg/h", "0.05 mcg/kg/min"), "3x of a rate across its time")
        #expect(Self.check("9 g", "4.5 g").sentence == "9 g is 2x the ordered 4.5 g")
        #expect(Self.check("2.25 g", "4.5 g").sentence == "2.25 g is 0.5x the ordered 4.5 g")
        #expect(Self.check("0.45 g", "4.5 g").sentence == "0.45 g is 0.1x the ordered 4.5 g")
        #expect(Self.check("45000 mg", "4.5 g").sentence == "45000 mg is 10x the ordered 4.5 g")
    }

    @Test func aSmallDifferenceIsToldWithoutAReason() {
        let check = Self.check("6 g", "4.5 g")
        #expect(check == .differs(DoseDifference(given: "6 g", ordered: "4.5 g", ratio: Decimal(6) / Decimal(string: "4.5")!)))
        #expect(check.sentence == "6 g is 1.33x the ordered 4.5 g")
        #expect(Self.check("3 g", "4.5 g").sentence == "3 g is 0.67x the ordered 4.5 g")
    }

    /// Rounded toward 1, the ratio never reads as the threshold it has not reached.
    @Test func theRatioIsWrittenWithoutTrailingZerosAndNeverPastAThreshold() {
        #expect(DoseDifference(given: "", ordered: "", ratio: Decimal(string: "1.999")!).ratioText == "1.99")
        #expect(DoseDifference(given: "", ordered: "", ratio: Decimal(string: "0.5001")!).ratioText == "0.51")
        #expect(DoseDifference(given: "", ordered: "", ratio: 10).ratioText == "10")
        #expect(DoseDifference(given: "", ordered: "", ratio: Decimal(string: "0.5")!).ratioText == "0.5")
        #expect(DoseDifference(given: "", ordered: "", ratio: Decimal(string: "0.001234")!).ratioText == "0.0013")
        #expect(DoseDifference(given: "", ordered: "", ratio: 1000).ratioText == "1000")
    }

    @Test func aRateInARatioIsComparedWithOneTyped() {
        let ordered = MedicationRequest.Rate(amount: Quantity(value: 10, unit: "mg"), per: Quantity(value: 1, unit: "h"))
        #expect(DoseCheckRule.check(rate: .init(amount: Self.q("10 mg/h")), ordered: ordered) == .same)
        #expect(DoseCheckRule.check(rate: .init(amount: Self.q("20 mg/h")), ordered: ordered).sentence == "20 mg/h is 2x the ordered 10 mg/h")
        let perHalfHour = MedicationRequest.Rate(amount: Quantity(value: 100, unit: "mL"), per: Quantity(value: 30, unit: "min"))
        #expect(DoseCheckRule.check(rate: .init(amount: Self.q("200 mL/h")), ordered: perHalfHour) == .same)
        #expect(DoseCheckRule.check(rate: .init(amount: Self.q("150 mL/h")), ordered: perHalfHour).sentence
            == "150 mL/h is 0.75x the ordered 100 mL per 30 min")
    }

    @Test func anOrderWithoutAnAmountHasNothingToCheckAgainst() {
        #expect(DoseCheckRule.check(given: Self.q("40 mg"), ordered: nil) == .unordered)
        #expect(DoseCheck.same.sentence == nil)
    }

    @Test func theValueTypedAgainMustBeTheSameAmount() {
        #expect(DoseCheckRule.confirms(retyped: "45 g", given: Self.q("45 g")))
        #expect(DoseCheckRule.confirms(retyped: "45000 mg", given: Self.q("45 g")))
        #expect(!DoseCheckRule.confirms(retyped: "4.5 g", given: Self.q("45 g")))
        #expect(!DoseCheckRule.confirms(retyped: "45", given: Self.q("45 g")), "a number alone is not a dose")
        #expect(!DoseCheckRule.confirms(retyped: "45 units", given: Self.q("45 g")))
    }
}
