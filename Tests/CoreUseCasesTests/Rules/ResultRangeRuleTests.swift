import CoreDomain
@testable import CoreUseCases
import Foundation
import Testing

/// A result sent without a range is judged by the ward's (issue 31): never in another unit,
/// never over the laboratory's own range, and its critical limits raise a lesser flag.
@Suite struct ResultRangeRuleTests {
    private func judge(
        _ loinc: String?, _ value: String, _ unit: String?, ranges: [ReferenceRange] = [], interpretation: String? = nil,
        sex: AdministrativeGender = .unknown
    ) -> ResultRangeRule.Judgement {
        let codes = interpretation.map { [Coding(system: "http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation", code: $0)] } ?? []
        return ResultRangeRule.judge(loinc: loinc, value: Quantity(value: Decimal(string: value)!, unit: unit, ucumCode: unit),
                                     ranges: ranges, interpretation: codes, sex: sex)
    }

    @Test func aCriticalPotassiumWithoutARangeIsCriticalByTheWardsRange() {
        let judged = judge("2823-3", "6.9", "mmol/L")
        #expect(judged.flag == .criticalHigh && judged.isWardRange)
        #expect(judged.range?.low?.value == Decimal(string: "3.5") && judged.range?.high?.value == Decimal(string: "5.1"))
        #expect(judged.range?.high?.ucumCode == "mmol/L", "in the result's unit")
        #expect(judge("2823-3", "6.5", "mmol/L").flag == .criticalHigh, "at the limit is critical")
        #expect(judge("2823-3", "5.4", "mmol/L").flag == .high)
        #expect(judge("2823-3", "4.2", "mmol/L").flag == .normal)
        #expect(judge("2823-3", "2.4", "mmol/L").flag == .criticalLow)
        #expect(judge("2823-3", "6.9", "mEq/L").flag == .criticalHigh, "another spelling of the same unit")
    }

    @Test func aLesserInterpretationIsRaisedByTheWardsCriticalLimits() {
        #expect(judge("2823-3", "6.9", "mmol/L", interpretation: "H").flag == .criticalHigh)
        #expect(judge("2823-3", "5.0", "mmol/L", interpretation: "H").flag == .high, "the lab's judgement stands below the limits")
    }

    @Test func theLaboratorysOwnRangeIsNeverReplaced() {
        let own = [ReferenceRange(low: Quantity(value: 3, ucumCode: "mmol/L"), high: Quantity(value: 7, ucumCode: "mmol/L"))]
        let judged = judge("2823-3", "6.9", "mmol/L", ranges: own)
        #expect(judged.flag == .normal && !judged.isWardRange && judged.range == own[0])
        let words = [ReferenceRange(text: "see report")]
        #expect(judge("2823-3", "6.9", "mmol/L", ranges: words) == .init(flag: .normal, range: words[0], isWardRange: false),
                "a range in words is a range sent: shown, never replaced")
    }

    @Test func aResultInAnotherUnitOrOfAnUnlistedTestIsLeftUnjudged() {
        #expect(judge("2160-0", "430", "umol/L").isWardRange, "creatinine has both units")
        #expect(judge("2160-0", "4.87", "mg/dL").flag == .high)
        #expect(!judge("2160-0", "4.87", "g/L").isWardRange, "never judged against a number in another unit")
        #expect(!judge("99999-9", "4.87", "mg/dL").isWardRange)
        #expect(!judge(nil, "6.9", "mmol/L").isWardRange, "no LOINC code, no lookup")
    }

    @Test func sexSpecificIntervalsUseThePatientsSexAndTheWiderWhenUnknown() {
        #expect(judge("718-7", "12.5", "g/dL", sex: .female).flag == .normal)
        #expect(judge("718-7", "12.5", "g/dL", sex: .male).flag == .low)
        let unknown = judge("718-7", "12.5", "g/dL", sex: .unknown)
        #expect(unknown.flag == .normal && unknown.range?.low?.value == 12 && unknown.range?.high?.value == Decimal(string: "17.5"))
        #expect(judge("718-7", "6.2", "g/dL", sex: .female).flag == .criticalLow)
    }

    @Test func anINRSentWithoutAUnitIsJudged() {
        #expect(judge("6301-6", "5.4", nil).flag == .criticalHigh)
        #expect(judge("6301-6", "1.1", "{INR}").flag == .normal)
    }

    /// Every limit lies outside its normal interval, so no normal value is ever called critical.
    @Test func everyCriticalLimitLiesBeyondItsNormalInterval() {
        for sex in AdministrativeGender.allCases {
            for entry in WardReferenceIntervals.entries {
                let interval = entry.interval(for: sex)
                if let low = interval.low, let limit = interval.criticalAtOrBelow { #expect(limit < low, "\(entry.codes) \(sex)") }
                if let high = interval.high, let limit = interval.criticalAtOrAbove { #expect(limit > high, "\(entry.codes) \(sex)") }
                if let low = interval.low, let high = interval.high { #expect(low < high, "\(entry.codes) \(sex)") }
            }
        }
        #expect(Set(WardReferenceIntervals.entries.flatMap(\.codes)).count >= 30, "about thirty tests")
    }
}
