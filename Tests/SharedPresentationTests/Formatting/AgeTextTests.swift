import CoreDomain
import Foundation
import SharedPresentation
import Testing

@Suite struct AgeTextTests {
    let today = Clock.at(2025, 6, 28, 9)

    func age(_ born: String, on date: Date? = nil) throws -> String {
        AgeText.format(birthDate: try #require(PartialDate(iso: born)), on: date ?? today, calendar: Clock.calendar, timeZone: Clock.zone)
    }

    @Test func yearsFromTwo() throws {
        #expect(try age("1953-06-28") == "72y")
        #expect(try age("1953-06-29") == "71y", "the day before the birthday")
        #expect(try age("2023-06-28") == "2y")
    }

    @Test func monthsUnderTwoYears() throws {
        #expect(try age("2023-06-29") == "23m")
        #expect(try age("2024-10-15") == "8m")
        #expect(try age("2025-05-28") == "1m")
    }

    @Test func daysUnderOneMonth() throws {
        #expect(try age("2025-05-29") == "30d")
        #expect(try age("2025-06-16") == "12d")
        #expect(try age("2025-06-28") == "0d")
        #expect(try age("2025-07-01") == "0d", "a birth date in the future is not a negative age")
    }

    @Test func partialBirthDates() throws {
        #expect(try age("1954") == "71y")
        #expect(try age("2024") == "1y", "a year alone gives no months")
        #expect(try age("2024-10") == "8m", "a month alone counts from the 1st")
    }

    @Test func countsInTheGivenTimeZone() throws {
        let berlinMidnight = Clock.at(2025, 6, 28, 0, 30) // still 2025-06-27 in UTC
        let born = try #require(PartialDate(iso: "2025-06-16"))
        #expect(AgeText.format(birthDate: born, on: berlinMidnight, calendar: Clock.calendar, timeZone: Clock.zone) == "12d")
        #expect(AgeText.format(birthDate: born, on: berlinMidnight, calendar: Clock.calendar, timeZone: TimeZone(identifier: "UTC")!) == "11d")
    }

    @Test func aDeceasedPatientsAgeIsTheirAgeAtDeath() {
        let patient = Patient(id: "p", name: PersonName(family: "X"), birthDate: PartialDate(year: 1920, month: 3, day: 1),
                              isDeceased: true, deceasedAt: Clock.at(2000, 2, 28))
        #expect(AgeText.format(patient, now: today, calendar: Clock.calendar, timeZone: Clock.zone) == "79y")
        #expect(AgeText.format(Patient(id: "q", name: PersonName()), now: today, calendar: Clock.calendar, timeZone: Clock.zone) == nil)
    }
}
