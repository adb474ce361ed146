import CoreDomain
import CoreUseCases
import Foundation
import Testing

@Suite struct VitalSignLimitsTests {
    func flag(_ sign: VitalSign, _ value: Decimal) throws -> AbnormalFlag {
        try #require(VitalSignLimits.limits(for: sign)).flag(for: value)
    }

    @Test func heartRateBands() throws {
        #expect(try flag(.heartRate, 39) == .criticalLow)
        #expect(try flag(.heartRate, 40) == .low)
        #expect(try flag(.heartRate, 50) == .normal)
        #expect(try flag(.heartRate, 100) == .normal)
        #expect(try flag(.heartRate, 101) == .high)
        #expect(try flag(.heartRate, 130) == .high)
        #expect(try flag(.heartRate, 131) == .criticalHigh)
    }

    @Test func bloodPressureBands() throws {
        #expect(try flag(.systolic, 89) == .criticalLow)
        #expect(try flag(.systolic, 90) == .normal)
        #expect(try flag(.systolic, 141) == .high)
        #expect(try flag(.systolic, 181) == .criticalHigh)
        #expect(try flag(.diastolic, 59) == .low)
        #expect(try flag(.diastolic, 20) == .low, "no critical low diastolic")
        #expect(try flag(.diastolic, 91) == .high)
        #expect(try flag(.diastolic, 121) == .criticalHigh)
    }

    @Test func temperatureRespiratoryRateAndSaturationBands() throws {
        #expect(try flag(.temperature, 34.9) == .criticalLow)
        #expect(try flag(.temperature, 35.9) == .low)
        #expect(try flag(.temperature, 37.9) == .normal)
        #expect(try flag(.temperature, 38.0) == .high)
        #expect(try flag(.temperature, 39.0) == .high)
        #expect(try flag(.temperature, 39.1) == .criticalHigh)
        #expect(try flag(.respiratoryRate, 8) == .criticalLow)
        #expect(try flag(.respiratoryRate, 11) == .low)
        #expect(try flag(.respiratoryRate, 21) == .high)
        #expect(try flag(.respiratoryRate, 25) == .criticalHigh)
        #expect(try flag(.oxygenSaturation, 100) == .normal)
        #expect(try flag(.oxygenSaturation, 93) == .low)
        #expect(try flag(.oxygenSaturation, 89) == .criticalLow)
    }

    /// The table is written with decimal literals; they must arrive exactly, not via a binary float.
    @Test func fractionalLimitsAreExact() throws {
        let temperature = try #require(VitalSignLimits.limits(for: .temperature))
        #expect(temperature.low == Decimal(string: "36.0"))
        #expect(temperature.high == Decimal(string: "37.9"))
        #expect(temperature.criticalBelow == Decimal(string: "35.0"))
        #expect(temperature.criticalAbove == Decimal(string: "39.0"))
    }

    @Test func bodyMeasurementsHaveNoLimits() {
        for sign in [VitalSign.weight, .height, .bmi, .bloodPressure] {
            #expect(VitalSignLimits.limits(for: sign) == nil, "\(sign)")
        }
    }

    @Test func acceptsOnlyQuantitiesInItsUnit() throws {
        let temperature = try #require(VitalSignLimits.limits(for: .temperature))
        #expect(temperature.accepts(Quantity(value: 38, ucumCode: "Cel")))
        #expect(temperature.accepts(Quantity(value: 38, unit: "°C")))
        #expect(temperature.accepts(Quantity(value: 38)))
        #expect(!temperature.accepts(Quantity(value: 101, unit: "°F", ucumCode: "[degF]")))
        #expect(!temperature.accepts(Quantity(value: 101, unit: "°F")))
        let heartRate = try #require(VitalSignLimits.limits(for: .heartRate))
        #expect(heartRate.accepts(Quantity(value: 80, unit: "beats/minute", ucumCode: "{beats}/min")))
    }
}
