import CoreDomain
import DataFHIR
import Foundation
import Testing

@Suite struct EncounterMappingTests {
    static func encounter(class code: String = "IMP", status: String = "in-progress", _ members: String = "") -> String {
        #"{"resourceType":"Encounter","id":"e1","status":"\#(status)","class":{"system":"http://terminology.hl7.org/CodeSystem/v3-ActCode","code":"\#(code)"},"subject":{"reference":"Patient/p1"}"#
            + members + "}"
    }

    @Test func mapsTheAdmission() throws {
        let json = Self.encounter(#"""
        ,"period":{"start":"2024-05-01T08:00:00Z"},
        "type":[{"text":"Admission"}],"reasonCode":[{"coding":[{"system":"http://snomed.info/sct","code":"233604007","display":"Pneumonia"}]}],
        "participant":[{"individual":{"reference":"RelatedPerson/r1"}},{"individual":{"reference":"Practitioner/dr1"}},{"individual":{"reference":"Practitioner/dr2"}}],
        "location":[{"location":{"reference":"Location/bed-old"},"status":"completed"},{"location":{"reference":"Location/bed12"},"status":"active"},{"location":{"reference":"Location/ward4"}}]
        """#)
        let encounter = try #require(try decodeOne(json).content.encounter)
        #expect(encounter.patientID == "p1")
        #expect(encounter.encounterClass == .inpatient)
        #expect(encounter.status == .inProgress)
        #expect(encounter.period == Period(start: try utc(2024, 5, 1, 8)))
        #expect(encounter.type?.displayName == "Admission")
        #expect(encounter.reason?.displayName == "Pneumonia")
        #expect(encounter.practitionerID == "dr1")
        #expect(encounter.locationIDs == ["bed12", "ward4", "bed-old"])
    }

    @Test(arguments: [
        ("IMP", Encounter.Class.inpatient), ("ACUTE", .inpatient), ("NONAC", .inpatient), ("AMB", .outpatient),
        ("EMER", .emergency), ("HH", .homeHealth), ("VR", .virtual),
    ])
    func classCodesMap(_ code: String, _ expected: Encounter.Class) throws {
        #expect(try decodeOne(Self.encounter(class: code)).content.encounter?.encounterClass == expected)
    }

    @Test func otherClassCodesAreUnknownWithAWarning() throws {
        let result = readSource(Self.encounter(class: "PRENC"))
        #expect(result.resources.first?.content.encounter?.encounterClass == .unknown)
        #expect(result.problems.map(\.path) == ["class.code"])
        #expect(result.problems.first?.severity == .warning)
    }

    @Test(arguments: [
        ("planned", Encounter.Status.planned), ("arrived", .arrived), ("triaged", .triaged), ("in-progress", .inProgress),
        ("onleave", .onLeave), ("finished", .finished), ("cancelled", .cancelled), ("entered-in-error", .enteredInError), ("unknown", .unknown),
    ])
    func statusCodesMap(_ code: String, _ expected: Encounter.Status) throws {
        #expect(try decodeOne(Self.encounter(status: code)).content.encounter?.status == expected)
    }

    @Test func classMustBeACodingAsInR4() throws {
        let json = Self.encounter().replacingOccurrences(
            of: #""class":{"system":"http://terminology.hl7.org/CodeSystem/v3-ActCode","code":"IMP"}"#, with: #""class":[{"coding":[]}]"#)
        #expect(try rejection(json).description == "resource.json: Encounter/e1.class: expected object, found array")
    }

    @Test func descriptiveElementsAreDroppedWithWarnings() throws {
        let result = readSource(Self.encounter(#","type":{"text":"x"},"participant":[{"individual":{"reference":"Observation/o1"}}]"#))
        let encounter = try #require(result.resources.first?.content.encounter)
        #expect(encounter.type == nil)
        #expect(encounter.practitionerID == nil)
        #expect(Set(result.problems.map(\.path)) == ["type", "participant[0].individual.reference"])
        #expect(result.problems.allSatisfy { $0.severity == .warning && $0.kind == .invalidElement })
    }

    @Test func locationProblemsRejectTheEncounter() throws {
        #expect(try rejection(Self.encounter(#","location":[{"location":{"reference":"Patient/p1"}}]"#)).path == "location[0].location.reference")
        #expect(try rejection(Self.encounter(#","location":[{"location":{"display":"Bed 4"}}]"#)).path == "location[0].location.reference")
    }
}
