import CoreDomain
import CoreUseCases
import Foundation
import Testing

@Suite struct AbnormalFlagRuleTests {
    func lab(_ value: Decimal, unit: String = "mmol/L", ranges: [ReferenceRange] = [], interpretation: [Coding] = []) -> Observation {
        Observation(id: "l", patientID: "p1", code: Make.loinc("2823-3"), category: .laboratory,
                    value: .quantity(Quantity(value: value, unit: unit, ucumCode: unit)), referenceRanges: ranges,
                    interpretation: interpretation)
    }

    func range(_ low: Decimal?, _ high: Decimal?, unit: String = "mmol/L") -> [ReferenceRange] {
        [ReferenceRange(low: low.map { Quantity(value: $0, ucumCode: unit) }, high: high.map { Quantity(value: $0, ucumCode: unit) })]
    }

    @Test func readsInterpretationCodes() {
        let expected: [String: AbnormalFlag] = [
            "N": .normal, "H": .high, "HU": .high, "HX": .high, ">": .high, "L": .low, "LU": .low, "LX": .low, "<": .low,
            "A": .abnormal, "HH": .criticalHigh, "LL": .criticalLow, "AA": .critical,
        ]
        for (code, flag) in expected {
            #expect(AbnormalFlagRule.flag(for: lab(4, interpretation: Make.interpretation(code))) == flag, "\(code)")
        }
    }

    @Test func interpretationComesBeforeTheRange() {
        #expect(AbnormalFlagRule.flag(for: lab(4, ranges: range(3.5, 5), interpretation: Make.interpretation("H"))) == .high)
        #expect(AbnormalFlagRule.flag(for: lab(6, ranges: range(3.5, 5), interpretation: Make.interpretation("N"))) == .normal)
    }

    @Test func ignoresCodesFromOtherSystemsAndUnknownCodes() {
        let foreign = [Coding(system: "urn:local", code: "H")]
        let unknown = Make.interpretation("W")
        #expect(AbnormalFlagRule.flag(for: lab(4, ranges: range(3.5, 5), interpretation: foreign)) == .normal)
        #expect(AbnormalFlagRule.flag(for: lab(6, ranges: range(3.5, 5), interpretation: unknown)) == .high)
        #expect(AbnormalFlagRule.flag(for: lab(4, interpretation: [Coding(code: "L")])) == .low, "a code without a system is read")
    }

    @Test func severalCodesGiveTheWorst() {
        let codes = Make.interpretation("H") + Make.interpretation("HH")
        #expect(AbnormalFlagRule.flag(for: lab(4, interpretation: codes)) == .criticalHigh)
    }

    @Test func criticallyAbnormalTakesItsDirectionFromTheRange() {
        let aa = Make.interpretation("AA")
        #expect(AbnormalFlagRule.flag(for: lab(7, ranges: range(3.5, 5), interpretation: aa)) == .criticalHigh)
        #expect(AbnormalFlagRule.flag(for: lab(2, ranges: range(3.5, 5), interpretation: aa)) == .criticalLow)
        #expect(AbnormalFlagRule.flag(for: lab(4, ranges: range(3.5, 5), interpretation: aa)) == .critical,
                "critical without a direction stays critical (it read as plain abnormal, off the Summary's critical results)")
    }

    @Test func comparesWithTheReferenceRangeIncludingItsBounds() {
        #expect(AbnormalFlagRule.flag(for: lab(3.4, ranges: range(3.5, 5))) == .low)
        #expect(AbnormalFlagRule.flag(for: lab(3.5, ranges: range(3.5, 5))) == .normal)
        #expect(AbnormalFlagRule.flag(for: lab(5, ranges: range(3.5, 5))) == .normal)
        #expect(AbnormalFlagRule.flag(for: lab(5.1, ranges: range(3.5, 5))) == .high)
        #expect(AbnormalFlagRule.flag(for: lab(100, ranges: range(nil, 5))) == .high)
        #expect(AbnormalFlagRule.flag(for: lab(100, ranges: range(3.5, nil))) == .normal)
    }

    @Test func ignoresBoundsInAnotherUnit() {
        #expect(AbnormalFlagRule.flag(for: lab(90, unit: "mg/dL", ranges: range(3.5, 5))) == .normal)
        let mixed = range(3.5, 5, unit: "mg/dL") + range(60, 100, unit: "mmol/L")
        #expect(AbnormalFlagRule.flag(for: lab(101, ranges: mixed)) == .high, "the first range in the value's unit is used")
    }

    @Test func labsWithoutRangeOrInterpretationAreNormal() {
        #expect(AbnormalFlagRule.flag(for: lab(1000)) == .normal)
    }

    @Test func vitalSignsWithoutRangeUseTheAdultTable() {
        #expect(AbnormalFlagRule.flag(for: Make.vital(.heartRate, 112)) == .high)
        #expect(AbnormalFlagRule.flag(for: Make.vital(.oxygenSaturation, 89)) == .criticalLow)
        #expect(AbnormalFlagRule.flag(for: Make.vital(.temperature, 37)) == .normal)
        #expect(AbnormalFlagRule.flag(for: Make.vital(.weight, 250)) == .normal)
    }

    @Test func theSourceRangeDecidesLowAndHighForVitalSigns() {
        let range = [ReferenceRange(low: Quantity(value: 60, ucumCode: "/min"), high: Quantity(value: 120, ucumCode: "/min"))]
        #expect(AbnormalFlagRule.flag(for: Make.vital(.heartRate, 112, ranges: range)) == .normal)
    }

    @Test func criticalVitalLimitsEscalateButNeverCalm() {
        #expect(AbnormalFlagRule.flag(for: Make.vital(.heartRate, 150, interpretation: Make.interpretation("H"))) == .criticalHigh)
        #expect(AbnormalFlagRule.flag(for: Make.vital(.heartRate, 150, interpretation: Make.interpretation("N"))) == .criticalHigh)
        #expect(AbnormalFlagRule.flag(for: Make.vital(.heartRate, 80, interpretation: Make.interpretation("HH"))) == .criticalHigh)
    }

    @Test func vitalSignsInAnotherUnitAreNotJudgedByTheTable() {
        let fahrenheit = Observation(id: "t", patientID: "p1", code: Make.loinc(VitalSign.temperature.loinc),
                                     value: .quantity(Quantity(value: 101.3, unit: "°F", ucumCode: "[degF]")))
        #expect(AbnormalFlagRule.flag(for: fahrenheit) == .normal)
    }

    @Test func bloodPressureTakesTheWorseComponent() {
        #expect(AbnormalFlagRule.flag(for: Make.bloodPressure(148, 80)) == .high)
        #expect(AbnormalFlagRule.flag(for: Make.bloodPressure(120, 95)) == .high)
        #expect(AbnormalFlagRule.flag(for: Make.bloodPressure(120, 80)) == .normal)
        #expect(AbnormalFlagRule.flag(for: Make.bloodPressure(85, 95)) == .criticalLow)
        #expect(AbnormalFlagRule.flag(for: Make.bloodPressure(120, 80, systolicInterpretation: Make.interpretation("H"))) == .high)
        #expect(AbnormalFlagRule.flag(for: Make.bloodPressure(nil, 125)) == .criticalHigh)
    }

    @Test func bloodPressurePanelInterpretationCounts() {
        #expect(AbnormalFlagRule.flag(for: Make.bloodPressure(120, 80, panelInterpretation: Make.interpretation("A"))) == .abnormal)
    }

    @Test func worstPrefersCriticalThenAbnormalThenTheEarlierOne() {
        #expect(AbnormalFlag.worst([]) == .normal)
        #expect(AbnormalFlag.worst([.high, .criticalLow, .low]) == .criticalLow)
        #expect(AbnormalFlag.worst([.low, .high]) == .low)
        #expect(AbnormalFlag.worst([.normal, .abnormal]) == .abnormal)
    }
}
