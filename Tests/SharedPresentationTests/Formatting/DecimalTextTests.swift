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
