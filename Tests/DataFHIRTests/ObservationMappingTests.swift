import CoreDomain
@testable import DataFHIR
import Foundation
import Testing

@Suite struct ObservationMappingTests {
    static let bloodPressure = """
    {
      "resourceType": "Observation", "id": "bp1",
      "meta": {"versionId": "3", "lastUpdated": "2024-05-01T10:00:00Z"},
      "status": "final",
      "category": [{"coding": [{"system": "http://terminology.hl7.org/CodeSystem/observation-category", "code": "vital-signs"}]}],
      "code": {"coding": [{"system": "http://loinc.org", "code": "85354-9", "display": "Blood pressure panel"}]},
      "subject": {"reference": "Patient/p1"},
      "encounter": {"reference": "Encounter/e1"},
      "effectiveDateTime": "2024-05-01T09:30:00+02:00",
      "extension": [{"url": "http://example.org/x", "valueString": "ignored"}],
      "unknownElement": {"deep": [1, 2, 3]},
      "component": [
        {"code": {"coding": [{"system": "http://loinc.org", "code": "8480-6"}]},
         "valueQuantity": {"value": 142, "unit": "mmHg", "system": "http://unitsofmeasure.org", "code": "mm[Hg]"},
         "interpretation": [{"coding": [{"system": "http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation", "code": "H"}]}],
         "referenceRange": [{"low": {"value": 90, "unit": "mmHg"}, "high": {"value": 120.0, "unit": "mmHg"}}]},
        {"code": {"coding": [{"system": "http://loinc.org", "code": "8462-4"}]},
         "valueQuantity": {"value": 88.5, "unit": "mmHg", "system": "http://unitsofmeasure.org", "code": "mm[Hg]"}}
      ]
    }
    """

    @Test func mapsAPanelWithComponentsRangesAndInterpretation() throws {
        let decoded = try decodeOne(Self.bloodPressure)
        #expect(decoded.resourceType == "Observation")
        #expect(decoded.id == "bp1")
        #expect(decoded.versionID == "3")
        #expect(decoded.lastUpdated == (try utc(2024, 5, 1, 10)))
        let observation = try #require(decoded.content.observation)
        #expect(observation.patientID == "p1")
        #expect(observation.encounterID == "e1")
        #expect(observation.category == .vitalSigns)
        #expect(observation.status == .final)
        #expect(observation.effective == (try utc(2024, 5, 1, 7, 30)))
        #expect(observation.vitalSign == .bloodPressure)
        let systolic = try #require(observation.component(loinc: "8480-6"))
        #expect(systolic.value == .quantity(Quantity(value: 142, unit: "mmHg", ucumCode: "mm[Hg]")))
        #expect(systolic.interpretation.map(\.code) == ["H"])
        #expect(systolic.referenceRanges == [ReferenceRange(low: Quantity(value: 90, unit: "mmHg"), high: Quantity(value: 120, unit: "mmHg"))])
        let diastolic = try #require(observation.component(loinc: "8462-4"))
        #expect(diastolic.value == .quantity(Quantity(value: try decimal("88.5"), unit: "mmHg", ucumCode: "mm[Hg]")))
    }
}
