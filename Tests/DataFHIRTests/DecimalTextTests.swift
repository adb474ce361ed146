@testable import DataFHIR
import Foundation
import Testing

@Suite struct DecimalTextTests {
    @Test(arguments: [
        "0.5", "0.10", "1e2", "1E+2", "-1.5e-3", "5.0", "-0", "0.000", "1e-5", "123.4500", "9999999999999999999",
        "12345678901234567890", "0.00000000000000000000012345", "98.6", "-273.15", "1e127", "1e-127", "18446744073709551615",
    ])
    func matchesFoundationsExactParse(_ text: String) throws {
        let value = try DecimalText.decimal(text).get()
        #expect(value == (try decimal(text)))
        #expect(!value.isNaN)
    }

    @Test func keepsTheWrittenDigits() throws {
        #expect(try DecimalText.decimal("0.5").get().description == "0.5")
        #expect(try DecimalText.decimal("98.6").get().description == "98.6")
        #expect(try DecimalText.decimal("0.10").get().description == "0.1")
        #expect(try DecimalText.decimal("1e2").get().description == "100")
        #expect(try DecimalText.decimal("-0").get() == 0)
    }

    @Test(arguments: ["1e400", "1e-400", "0.1234567890123456789012345678901234567891"])
    func refusesWhatCannotBeHeldExactly(_ text: String) {
        #expect(throws: ElementProblemReason.self) { try DecimalText.decimal(text).get() }
    }

    @Test func integersAreWholeAndThirtyTwoBit() throws {
        #expect(try DecimalText.integer("-2147483648").get() == -2_147_483_648)
        #expect(throws: ElementProblemReason.self) { try DecimalText.integer("2147483648").get() }
        #expect(throws: ElementProblemReason.self) { try DecimalText.integer("1e2").get() }
    }
}
