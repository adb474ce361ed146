import CoreDomain
import CoreUseCases
import Foundation
import SharedPresentation
import Testing

@Suite struct DecimalTextTests {
    func text(_ literal: String) throws -> String {
        DecimalText.format(try #require(Decimal(string: literal)))
    }

    @Test func keepsTheLeadingZero() throws {
        #expect(try text("0.5") == "0.5")
        #expect(try text(".5") == "0.5")
        #expect(try text("0.25") == "0.25")
        #expect(try text("0.0001") == "0.0001")
    }

    @Test func dropsTrailingZeros() throws {
        #expect(try text("5.0") == "5")
        #expect(try text("12.50") == "12.5")
        #expect(try text("2.500") == "2.5")
        #expect(DecimalText.format(Decimal(sign: .plus, exponent: -2, significand: 1250)) == "12.5")
        #expect(try text("0") == "0")
        #expect(try text("0.000") == "0")
    }

    @Test func groupsThousandsWithCommasFromOneThousand() throws {
        #expect(try text("999") == "999")
        #expect(try text("1000") == "1,000")
        #expect(try text("12500.75") == "12,500.75")
        #expect(try text("1234567") == "1,234,567")
    }

    @Test func neverUsesScientificNotation() throws {
        #expect(try text("1e-7") == "0.0000001")
        #expect(try text("2E+6") == "2,000,000")
    }

    @Test func negativeNumbersKeepTheirSignButZeroHasNone() throws {
        #expect(try text("-3.20") == "-3.2")
        #expect(try text("-0.5") == "-0.5")
        #expect(try text("-1500") == "-1,500")
        #expect(try text("-0") == "0")
    }

    @Test func keepsEveryRecordedDigit() throws {
        #expect(try text("37.777") == "37.777")
        #expect(try text("0.333333") == "0.333333")
    }

    @Test func notANumberIsAQuestionMark() {
        #expect(DecimalText.format(.nan) == "?")
    }
}

/// Float noise (a binary float printed in full) is rounded for display; measured digits are not.
@Suite struct FloatNoiseTests {
    private func shown(_ text: String, places: Int) throws -> String {
        DecimalText.withoutNoise(try #require(Decimal(string: text)), places: places)
    }

    @Test func noiseIsRoundedHalfUpNeverTruncated() throws {
        #expect(try shown("40.89669209918846", places: 1) == "40.9")
        #expect(try shown("37.449999999", places: 1) == "37.4")
        #expect(try shown("0.30000000000000004", places: 3) == "0.3")
        #expect(try shown("5.95000001", places: 1) == "6")
    }

    @Test func aRecordedPrecisionIsKept() throws {
        #expect(try shown("37.25", places: 1) == "37.25", "four digits or fewer are a measurement")
        #expect(try shown("0.0004", places: 1) == "0.0004")
        #expect(try shown("120", places: 0) == "120")
    }

    @Test func measurementsRoundHalfAwayFromZeroToTheirPrecisionNeverPadded() throws {
        func rounded(_ text: String, _ places: Int) throws -> String { DecimalText.rounded(try #require(Decimal(string: text)), places: places) }
        #expect(try rounded("37.25", 1) == "37.3")
        #expect(try rounded("-0.25", 1) == "-0.3")
        #expect(try rounded("138.4", 0) == "138")
        #expect(try rounded("38", 1) == "38", "never padded to 38.0")
        #expect(try rounded("1234.56", 0) == "1,235", "the integer part is never shortened")
    }

    /// 37.95 °C read `38`, as if whole degrees were charted: a measurement rounded to tenths
    /// keeps its tenth. One recorded with fewer digits is never padded.
    @Test func aRoundedMeasurementKeepsTheDigitsItWasRoundedTo() throws {
        func measured(_ text: String, _ places: Int) throws -> String { DecimalText.measured(try #require(Decimal(string: text)), places: places) }
        #expect(try measured("37.95", 1) == "38.0")
        #expect(try measured("4.996", 2) == "5.00")
        #expect(try measured("38", 1) == "38", "recorded in whole degrees: never padded to 38.0")
        #expect(try measured("37.25", 1) == "37.3")
        #expect(try measured("138.4", 0) == "138")
        #expect(try measured("1999.96", 1) == "2,000.0")
    }

    @Test func vitalSignsRoundNoiseToTheirChartingPrecision() throws {
        let reading = VitalReading(sign: .temperature, effective: Date(timeIntervalSince1970: 0),
                                   value: .single(Quantity(value: try #require(Decimal(string: "40.89669209918846")), ucumCode: "Cel")),
                                   flag: .criticalHigh, observationIDs: ["t"])
        #expect(VitalText.parts(reading, unicode: true).text == "T 40.9 H! °C")
        var rate = reading
        rate.sign = .heartRate
        rate.value = .single(Quantity(value: try #require(Decimal(string: "112.49999999")), ucumCode: "/min"))
        #expect(VitalText.parts(rate, unicode: true).value == "112")
    }
}
