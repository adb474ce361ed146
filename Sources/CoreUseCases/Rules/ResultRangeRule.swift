import CoreDomain

/// What a laboratory result is judged and shown against: the laboratory's own ranges (the first
/// with a bound in the value's unit judges it, as `AbnormalFlagRule` reads them; one in words
/// only is shown and judges nothing); else, when the result came with no range at all, the
/// ward's (`WardReferenceIntervals`) for its test in its unit, said to be the ward's wherever it
/// shows. The interpretation codes the laboratory sent still come first (`AbnormalFlagRule`);
/// with the ward's range, its critical limits then raise any lesser flag to critical, as the
/// vital-sign table does: a potassium of 6.9 sent with no range, or marked only `H`, is `HH`.
public enum ResultRangeRule {
    public struct Judgement: Hashable, Sendable {
        public var flag: AbnormalFlag
        /// The range to show: the laboratory's first, else the ward's, else none.
        public var range: ReferenceRange?
        /// `range` is the ward's, not the laboratory's.
        public var isWardRange: Bool
    }

    /// `loinc`: the test's LOINC code, when it has one; `sex`: the patient's, for the tests
    /// whose intervals differ by it.
    public static func judge(
        loinc: String?, value: Quantity?, ranges: [ReferenceRange], interpretation: [Coding], sex: AdministrativeGender
    ) -> Judgement {
        guard ranges.isEmpty, let loinc, let value, let ward = WardReferenceIntervals.interval(loinc: loinc, value: value, sex: sex) else {
            let flag = AbnormalFlagRule.flag(interpretation: interpretation, value: value, ranges: ranges, limits: nil)
            return Judgement(flag: flag, range: ranges.first, isWardRange: false)
        }
        let range = ward.range(for: value)
        var flag = AbnormalFlagRule.flag(interpretation: interpretation, value: value, ranges: [range], limits: nil)
        if let critical = ward.criticalFlag(for: value.value), flag.severity < critical.severity { flag = critical }
        return Judgement(flag: flag, range: range, isWardRange: true)
    }
}
