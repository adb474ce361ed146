import CoreDomain
import DataFHIR
import Foundation
import Testing

/// Doses recorded by other nurses and other systems, read so the MAR shows them against their
/// orders; and an order's schedule as written, for the MAR's times.
@Suite struct MedicationAdministrationMappingTests {
    static func administration(_ members: String) -> String {
        #"{"resourceType":"MedicationAdministration","id":"ma1","subject":{"reference":"Patient/p1"},"medicationCodeableConcept":{"text":"Amoxicillin 500 MG"}"#
            + members + "}"
    }

    @Test func aDoseGivenWithItsOrderTimeGiverAndDose() throws {
        let json = Self.administration(#"""
        ,"status":"completed","effectiveDateTime":"2026-11-24T09:12:00Z","request":{"reference":"MedicationRequest/m1"},
        "performer":[{"actor":{"reference":"Practitioner/n1","display":"nurse1"}}],
        "dosage":{"dose":{"value":500,"unit":"mg","system":"http://unitsofmeasure.org","code":"mg"}}
        """#)
        let given = try #require(try decodeOne(json).content.medicationAdministration)
        #expect(given == MedicationAdministration(
            id: "ma1", patientID: "p1", requestID: "m1", status: .completed, effective: try utc(2026, 11, 24, 9, 12),
            performer: "nurse1", dose: Quantity(value: 500, unit: "mg", ucumCode: "mg")))
    }

    @Test func aDoseNotGivenKeepsItsReasonAndAPeriodGivesItsStart() throws {
        let json = Self.administration(#"""
        ,"status":"not-done","statusReason":[{"coding":[{"system":"http://snomed.info/sct","code":"182895007","display":"Drug declined by patient"}]}],
        "effectivePeriod":{"start":"2026-11-24T21:00:00Z","end":"2026-11-24T21:05:00Z"},"request":{"reference":"MedicationRequest/m1"}
        """#)
        let refused = try #require(try decodeOne(json).content.medicationAdministration)
        #expect(refused.status == .notDone)
        #expect(refused.reason == "Drug declined by patient")
        #expect(refused.effective == (try utc(2026, 11, 24, 21)))
    }

    @Test func withoutATimeItCannotStandOnTheMARAndIsRefused() throws {
        let problem = try rejection(Self.administration(#","status":"completed""#))
        #expect(problem.description.hasSuffix("MedicationAdministration/ma1.effective[x]: missing"), "\(problem.description)")
    }

    @Test func anOrdersWrittenTimesEventsAndBoundsAreKept() throws {
        let json = MedicationRequestMappingTests.request(MedicationRequestMappingTests.amoxicillin + #"""
        ,"dosageInstruction":[{"timing":{"repeat":{"frequency":2,"period":1,"periodUnit":"d","timeOfDay":["08:00:00","20:00:00"],"when":["HS"],
          "boundsPeriod":{"start":"2026-11-20T00:00:00Z","end":"2026-11-27T00:00:00Z"}}}}]
        """#)
        let timing = try #require(try decodeOne(json).content.medicationRequest?.timing)
        #expect(timing.timesOfDay == ["08:00:00", "20:00:00"])
        #expect(timing.when == ["HS"])
        #expect(timing.bounds == Period(start: try utc(2026, 11, 20), end: try utc(2026, 11, 27)))
        #expect(timing.unread.isEmpty)
    }

    /// "Once" and "on Mondays" changed nothing before: they are named, so the MAR can say so.
    @Test func timingElementsThatChangeWhenDosesFallAreNamed() throws {
        let json = MedicationRequestMappingTests.request(MedicationRequestMappingTests.amoxicillin + #"""
        ,"dosageInstruction":[{"timing":{"repeat":{"frequency":1,"period":1,"periodUnit":"d","count":1,"dayOfWeek":["mon"],"duration":30,"durationUnit":"min"}}}]
        """#)
        #expect(try decodeOne(json).content.medicationRequest?.timing?.unread == ["count", "dayOfWeek"])
    }
}
