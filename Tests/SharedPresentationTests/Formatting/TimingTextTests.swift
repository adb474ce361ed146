import CoreDomain
import Foundation
import SharedPresentation
import Testing

@Suite struct TimingTextTests {
    func every(_ frequency: Int?, per period: Decimal, _ unit: String, text: String? = nil) -> String? {
        TimingText.format(MedicationRequest.Timing(frequency: frequency, period: period, periodUnit: unit), text: text)
    }

    @Test func dailyFrequencies() {
        #expect(every(1, per: 1, "d") == "daily")
        #expect(every(nil, per: 1, "d") == "daily")
        #expect(every(2, per: 1, "d") == "BID")
        #expect(every(3, per: 1, "d") == "TID")
        #expect(every(4, per: 1, "d") == "QID")
        #expect(every(1, per: 2, "d") == "every other day")
        #expect(every(1, per: 3, "d") == "every 3 days")
    }

    @Test func hourlyAndMinuteIntervals() {
        #expect(every(1, per: 4, "h") == "q4h")
        #expect(every(1, per: 8, "h") == "q8h")
        #expect(every(1, per: 30, "min") == "q30min")
    }

    @Test func weeksMonthsYears() {
        #expect(every(1, per: 1, "wk") == "weekly")
        #expect(every(2, per: 1, "wk") == "twice weekly")
        #expect(every(3, per: 1, "wk") == "3 times weekly")
        #expect(every(1, per: 2, "wk") == "every 2 weeks")
        #expect(every(1, per: 1, "mo") == "monthly")
        #expect(every(1, per: 3, "mo") == "every 3 months")
        #expect(every(1, per: 1, "a") == "yearly")
    }

    @Test func thePrescribersTextIsUsedVerbatimWhenTheStructureHasNoShortForm() {
        #expect(every(6, per: 1, "d", text: "six times a day with meals") == "six times a day with meals")
        #expect(every(1, per: 1, "d", text: "once daily") == "daily", "structure wins when it has a short form")
        #expect(TimingText.format(nil, text: "1 tablet twice daily") == "1 tablet twice daily")
    }

    @Test func structureWithoutShortFormOrTextIsSpelledOut() {
        #expect(every(6, per: 1, "d") == "6 times per day")
        #expect(every(3, per: 2, "d") == "3 times per 2 days")
        #expect(every(1, per: 1.5, "h") == "once per 1.5 hours")
    }

    @Test func timingCodesAvoidErrorProneAbbreviations() {
        func code(_ code: String) -> String? { TimingText.format(MedicationRequest.Timing(code: code), text: nil) }
        #expect(code("QD") == "daily")
        #expect(code("QOD") == "every other day")
        #expect(code("bid") == "BID")
        #expect(code("Q6H") == "q6h")
        #expect(code("BED") == "at bedtime")
        #expect(code("XYZ") == nil)
    }

    @Test func everyWordItWritesIsInItsVocabulary() {
        let units = ["s", "min", "h", "d", "wk", "mo", "a"]
        let codes = ["QD", "BID", "TID", "QID", "QOD", "Q4H", "AM", "PM", "BED", "WK", "MO"]
        var outputs: [String] = codes.compactMap { TimingText.format(MedicationRequest.Timing(code: $0), text: nil) }
        for unit in units {
            for frequency in 1...4 {
                for period in [Decimal(1), 2, 3, Decimal(string: "1.5")!] {
                    outputs += [every(frequency, per: period, unit)].compactMap { $0 }
                }
            }
        }
        let words = outputs.flatMap { $0.split(separator: " ").map(String.init) }.filter { !$0.contains(where: \.isNumber) }
        #expect(!words.isEmpty)
        #expect(Set(words).subtracting(TimingText.vocabulary).isEmpty, "\(Set(words).subtracting(TimingText.vocabulary))")
    }

    @Test func nothingKnownIsNil() {
        #expect(TimingText.format(nil, text: nil) == nil)
        #expect(TimingText.format(nil, text: "  ") == nil)
    }
}
