import CoreDomain
import CoreUseCases
import Foundation
import SharedPresentation
import Testing

@Suite struct VitalTextTests {
    func reading(_ sign: VitalSign, _ value: VitalReading.Value, _ flag: AbnormalFlag) -> VitalReading {
        VitalReading(sign: sign, effective: Clock.at(2025, 6, 28), value: value, flag: flag, observationIDs: ["o"])
    }

    func mmHg(_ value: Decimal) -> Quantity { Quantity(value: value, unit: "mmHg", ucumCode: "mm[Hg]") }

    @Test func aPainScoreReadsOutOfTenWhateverItsUnitCode() {
        let pain = VitalText.parts(reading(.painScore, .single(Quantity(value: 3, ucumCode: "{score}")), .normal), unicode: true)
        #expect(pain.text == "Pain 3 /10")
    }

    @Test func singleValuesCarryTheirMarker() {
        let heartRate = VitalText.parts(reading(.heartRate, .single(Quantity(value: 112, ucumCode: "/min")), .high), unicode: true)
        #expect(heartRate == VitalTextParts(label: "HR", value: "112", marker: "H", unit: "/min"))
        #expect(heartRate.valueWithMarker == "112 H")
        let saturation = VitalText.parts(reading(.oxygenSaturation, .single(Quantity(value: 89, ucumCode: "%")), .low), unicode: true)
        #expect(saturation.valueWithMarker == "89 L")
    }

    @Test func temperatureInPiecesAndAsText() throws {
        let temperature = Quantity(value: try #require(Decimal(string: "38.40")), ucumCode: "Cel")
        let parts = VitalText.parts(reading(.temperature, .single(temperature), .high), unicode: true)
        #expect(parts.text == "T 38.4 H °C")
        #expect(VitalText.parts(reading(.temperature, .single(temperature), .high), unicode: false).text == "T 38.4 H C")
    }

    @Test func bloodPressureIsOnePairWithOneMarker() {
        let parts = VitalText.parts(reading(.bloodPressure, .bloodPressure(systolic: mmHg(148), diastolic: mmHg(92)), .high), unicode: true)
        #expect(parts.valueWithMarker == "148/92 H")
        #expect(parts.text == "BP 148/92 H mmHg")
    }

    @Test func aMissingHalfIsShownAsMissing() {
        let parts = VitalText.parts(reading(.bloodPressure, .bloodPressure(systolic: nil, diastolic: mmHg(125)), .criticalHigh), unicode: true)
        #expect(parts.valueWithMarker == "--/125 H!")
        #expect(parts.unit == "mmHg")
    }

    @Test func normalValuesHaveNoMarkerAndNoStraySpace() {
        let parts = VitalText.parts(reading(.weight, .single(Quantity(value: 71.2, ucumCode: "kg")), .normal), unicode: true)
        #expect(parts.valueWithMarker == "71.2")
        #expect(parts.text == "Wt 71.2 kg")
        let unitless = VitalText.parts(reading(.respiratoryRate, .single(Quantity(value: 24)), .high), unicode: true)
        #expect(unitless.text == "RR 24 H")
    }

    @Test func saturationSaysHowItWasTaken() {
        var spO2 = reading(.oxygenSaturation, .single(Quantity(value: 94, ucumCode: "%")), .low)
        spO2.oxygen = .supplemental(litresPerMinute: 2)
        #expect(VitalText.parts(spO2, unicode: true).text == "SpO2 94 L % on O2 2 L/min")
        spO2.oxygen = .roomAir
        #expect(VitalText.parts(spO2, unicode: true).text == "SpO2 94 L % on room air")
        spO2.oxygen = .supplemental(device: .highFlowNasal, litresPerMinute: 40, fractionPercent: 60)
        #expect(VitalText.parts(spO2, unicode: true).text == "SpO2 94 L % on O2 high-flow 40 L/min FiO2 60 %")
        spO2.oxygen = .supplemental(device: .venturiMask, litresPerMinute: nil, fractionPercent: 28)
        #expect(VitalText.parts(spO2, unicode: true).oxygen == "on O2 venturi mask FiO2 28 %")
    }
}
