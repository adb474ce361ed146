import CoreDomain
import DataFHIR
import Foundation
import Testing

/// A messy order as systems send them, written by hand: `authoredOn` and the bounds as bare
/// days, no time or zone. Each is kept as that day's UTC midnight and marked as written as a
/// day, so the MAR reads it as the ward's local day; a full dateTime is never marked.
@Suite struct DayWrittenOrderDatesTests {
    static let messy = #"""
    {"resourceType":"MedicationRequest","id":"m-day","status":"active","intent":"order",
     "subject":{"reference":"Patient/p1"},"medicationCodeableConcept":{"text":"Furosemide 40 mg"},
     "authoredOn":"2026-11-24",
     "dosageInstruction":[{"text":"40 mg twice daily for two days",
       "timing":{"repeat":{"frequency":2,"period":1,"periodUnit":"d","boundsPeriod":{"start":"2026-11-24","end":"2026-11-25"}}},
       "doseAndRate":[{"doseQuantity":{"value":40,"unit":"mg"}}]}]}
    """#

    @Test func daysWithoutATimeAreMarkedAndKeptAsThatDaysUTCMidnight() throws {
        let order = try #require(try decodeOne(Self.messy).content.medicationRequest)
        #expect(order.writtenAsDays == MedicationRequest.DayWrittenDates(authoredOn: true, boundsStart: true, boundsEnd: true))
        #expect(order.authoredOn == (try utc(2026, 11, 24)))
        #expect(order.timing?.bounds?.end == (try utc(2026, 11, 25)))
    }

    @Test func aFullDateTimeIsNotADay() throws {
        let json = Self.messy.replacingOccurrences(of: #""authoredOn":"2026-11-24""#, with: #""authoredOn":"2026-11-24T08:00:00Z""#)
            .replacingOccurrences(of: #""end":"2026-11-25""#, with: #""end":"2026-11-25T18:00:00+01:00""#)
        let order = try #require(try decodeOne(json).content.medicationRequest)
        #expect(order.writtenAsDays == MedicationRequest.DayWrittenDates(boundsStart: true))
    }
}
