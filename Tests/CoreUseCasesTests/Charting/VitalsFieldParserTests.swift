import CoreUseCases
import Foundation
import Testing

/// Every numeric field: empty is "not measured", letters and slips are refused with the
/// field's range and unit, the range ends are accepted, decimals only where the field has them.
@Suite struct VitalsFieldParserTests {
    static let numericFields: [VitalsField] = [.heartRate, .systolic, .diastolic, .respiratoryRate, .oxygenSaturation, .oxygenFlow, .oxygenFraction, .weight, .painScore]

    private func refusal(_ text: String, _ field: VitalsField) -> String? {
        if case let .failure(refusal) = VitalsFieldParser.number(text, for: field) { refusal.message } else { nil }
    }

    private func value(_ text: String, _ field: VitalsField) -> Decimal? {
        try? VitalsFieldParser.number(text, for: field).get()
    }

    @Test(arguments: numericFields)
    func emptyOrBlankIsNotMeasured(_ field: VitalsField) throws {
        #expect(try VitalsFieldParser.number("", for: field).get() == nil)
        #expect(try VitalsFieldParser.number("   ", for: field).get() == nil)
    }

    @Test(arguments: numericFields)
    func lettersSignsAndCommasAreRefusedWithTheRange(_ field: VitalsField) throws {
        let range = try #require(VitalsEntryRange.range(for: field))
        for text in ["abc", "7O", "-5", "1,5", "1e2", "1.2.3", ".", "½"] {
            let message = try #require(refusal(text, field), "\(text) accepted for \(field)")
            #expect(message.hasPrefix(range.name + " must be"))
            #expect(message.contains("\(range.low)-\(range.high)"), "\(message)")
            #expect(message.hasSuffix(range.unit), "\(message)")
        }
    }

    @Test(arguments: numericFields)
    func bothEndsOfTheRangeAreAcceptedAndJustOutsideIsRefused(_ field: VitalsField) throws {
        let range = try #require(VitalsEntryRange.range(for: field))
        #expect(value("\(range.low)", field) == range.low)
        #expect(value("\(range.high)", field) == range.high)
        let step = range.fractionDigits == 0 ? Decimal(1) : Decimal(string: "0.1")!
        #expect(refusal("\(range.high + step)", field) == range.outOfRange.message)
        if range.low - step >= 0 { #expect(refusal("\(range.low - step)", field) == range.outOfRange.message) }
    }

    @Test func theMessagesReadAsTheNurseExpects() {
        #expect(refusal("301", .heartRate) == "heart rate must be 20-300 /min")
        #expect(refusal("72.5", .heartRate) == "heart rate must be a whole number, 20-300 /min")
        #expect(refusal("350", .systolic) == "systolic must be 40-300 mmHg")
        #expect(refusal("200", .diastolic) == "diastolic must be 20-180 mmHg")
        #expect(refusal("2", .respiratoryRate) == "respiratory rate must be 3-80 /min")
        #expect(refusal("101", .oxygenSaturation) == "SpO2 must be 50-100 %")
        // Without a device, the widest range (the form also asks for the device, whose range then applies).
        #expect(refusal("61", .oxygenFlow) == "O2 flow must be 0.5-60 L/min")
        #expect(refusal("0.25", .oxygenFlow) == "O2 flow must be a number with at most 1 decimal, 0.5-60 L/min")
        #expect(refusal("20", .oxygenFraction) == "FiO2 must be 21-100 %")
        #expect(refusal("60.5", .oxygenFraction) == "FiO2 must be a whole number, 21-100 %")
        #expect(refusal("0.2", .weight) == "weight must be 0.3-500 kg")
        #expect(refusal("11", .painScore) == "pain score must be 0-10")
        #expect(refusal("3.5", .painScore) == "pain score must be a whole number, 0-10")
    }

    @Test func decimalsAreKeptExactlyAsTyped() {
        #expect(value("71.25", .weight) == Decimal(string: "71.25"))
        #expect(value("3.245", .weight) == Decimal(string: "3.245"))
        #expect(value(".5", .oxygenFlow) == Decimal(string: "0.5"))
        #expect(value(" 72 ", .heartRate) == 72)
        #expect(refusal("3.2451", .weight) != nil)
    }

    @Test func temperatureInCelsiusWithOrWithoutItsUnit() throws {
        for text in ["38.4", "38.4C", "38.4 c", "38.4°C", "38.4 °C"] {
            #expect(try VitalsFieldParser.temperature(text).get() == .init(celsius: Decimal(string: "38.4")!), "\(text)")
        }
        #expect(try VitalsFieldParser.temperature("").get() == nil)
    }

    @Test func fahrenheitIsConvertedAndRoundedToATenth() throws {
        #expect(try VitalsFieldParser.temperature("101.2F").get() == .init(celsius: Decimal(string: "38.4")!, typedFahrenheit: Decimal(string: "101.2")!))
        #expect(try VitalsFieldParser.temperature("98.6 °f").get()?.celsius == 37)
        // 100.0 °F is 37.777… °C: half up to a tenth.
        #expect(try VitalsFieldParser.temperature("100f").get()?.celsius == Decimal(string: "37.8"))
        #expect(try VitalsFieldParser.temperature("95.5F").get()?.celsius == Decimal(string: "35.3"))
    }

    @Test func impossibleTemperaturesAreRefusedWithBothScales() {
        let message = "temperature must be 25-45 °C (77-113 °F)"
        for text in ["120", "120C", "20", "212F", "70F"] {
            guard case let .failure(refusal) = VitalsFieldParser.temperature(text) else {
                Issue.record("\(text) accepted")
                continue
            }
            #expect(refusal.message == message)
        }
        for text in ["hot", "38,4", "38.45", "F", "38.4K"] {
            guard case let .failure(refusal) = VitalsFieldParser.temperature(text) else {
                Issue.record("\(text) accepted")
                continue
            }
            #expect(refusal.message == "temperature must be a number with at most 1 decimal, 25-45 °C (77-113 °F)")
        }
    }
}
