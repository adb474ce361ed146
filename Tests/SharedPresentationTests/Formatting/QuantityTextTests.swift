import CoreDomain
import Foundation
import SharedPresentation
import Testing

@Suite struct QuantityTextTests {
    func dose(_ literal: String, _ unit: String?, comparator: String? = nil) throws -> String {
        QuantityText.format(Quantity(value: try #require(Decimal(string: literal)), ucumCode: unit, comparator: comparator), unicode: true)
    }

    @Test func writesDosesInISMPStyle() throws {
        #expect(try dose("0.5", "mg") == "0.5 mg")
        #expect(try dose("5.0", "mg") == "5 mg")
        #expect(try dose("2.5", "mg") == "2.5 mg")
        #expect(try dose("1000", "[iU]") == "1,000 units")
        #expect(try dose("0.25", "ug") == "0.25 mcg")
    }

    @Test func aBareNumberHasNoTrailingSpace() throws {
        #expect(try dose("2", nil) == "2")
    }

    @Test func keepsTheComparator() throws {
        #expect(try dose("5", "mmol/L", comparator: "<") == "<5 mmol/L")
    }
}
