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

/// Observation value[x], effective[x], category and the problems each can raise.
@Suite struct ObservationElementTests {
    /// A minimal valid Observation with `members` added.
    static func observation(_ members: String) -> String {
        #"{"resourceType":"Observation","id":"abc","status":"final","code":{"text":"Sodium"},"subject":{"reference":"Patient/p1"}"#
            + (members.isEmpty ? "" : ",") + members + "}"
    }

    static func value(_ members: String) throws -> Observation.Value? {
        try #require(try decodeOne(observation(members)).content.observation).value
    }

    @Test func readsEveryValueForm() throws {
        #expect(try Self.value(#""valueString":"trace""#) == .string("trace"))
        #expect(try Self.value(#""valueBoolean":false"#) == .boolean(false))
        #expect(try Self.value(#""valueInteger":7"#) == .integer(7))
        #expect(try Self.value(#""valueCodeableConcept":{"coding":[{"system":"http://snomed.info/sct","code":"260385009","display":"Negative"}]}"#)
            == .concept(CodedConcept(codings: [Coding(system: CodeSystem.snomed, code: "260385009", display: "Negative")])))
        #expect(try Self.value(#""valueQuantity":{"value":4,"comparator":"<","unit":"mmol/L"}"#)
            == .quantity(Quantity(value: 4, unit: "mmol/L", comparator: "<")))
        #expect(try Self.value("") == nil)
    }

    @Test(arguments: ["0.5", "0.10", "1e2", "98.6", "-0.25", "1234567890.123456789"])
    func keepsDecimalsExact(_ text: String) throws {
        guard case .quantity(let quantity)? = try Self.value(#""valueQuantity":{"value":\#(text),"unit":"mg"}"#) else {
            Issue.record("expected a quantity")
            return
        }
        #expect(quantity.value == (try decimal(text)))
    }

    @Test func decimalsAreNotRoutedThroughBinaryFloats() throws {
        guard case .quantity(let quantity)? = try Self.value(#""valueQuantity":{"value":98.6,"unit":"F"}"#) else {
            Issue.record("expected a quantity")
            return
        }
        #expect(quantity.value.description == "98.6")
        #expect(quantity.value * 10 == 986)
    }

    @Test func wrongJSONTypeNamesTheResourceAndPath() throws {
        let problem = try rejection(Self.observation(#""valueQuantity":{"value":"5","unit":"mg"}"#))
        #expect(problem.description == "resource.json: Observation/abc.valueQuantity.value: expected number, found string")
        #expect(problem.severity == .error)
        #expect(problem.kind == .invalidResource)
    }

    @Test func unsupportedValueFormsRejectRatherThanShowNoValue() throws {
        let problem = try rejection(Self.observation(#""valueRatio":{"numerator":{"value":1},"denominator":{"value":64}}"#))
        #expect(problem.path == "valueRatio")
    }

    @Test func twoValuesAreRefused() throws {
        let problem = try rejection(Self.observation(#""valueString":"a","valueBoolean":true"#))
        #expect(problem.path == "value[x]")
    }

    @Test func quantityWithoutValueIsRefused() throws {
        #expect(try rejection(Self.observation(#""valueQuantity":{"unit":"mg"}"#)).path == "valueQuantity.value")
    }

    @Test func integerMustBeWrittenAsAnInteger() throws {
        #expect(try rejection(Self.observation(#""valueInteger":5.0"#)).message == "expected integer, found decimal number")
        #expect(try rejection(Self.observation(#""valueInteger":3000000000"#)).path == "valueInteger")
    }

    @Test func tooManyDigitsAreRefusedNotRounded() throws {
        let digits = String(repeating: "1", count: 39)
        #expect(try rejection(Self.observation(#""valueQuantity":{"value":0.\#(digits)}"#)).path == "valueQuantity.value")
    }

    @Test func effectiveFormsAllGiveTheInstant() throws {
        let expected = try utc(2024, 2, 29, 23, 15)
        for member in [
            #""effectiveDateTime":"2024-03-01T01:15:00+02:00""#,
            #""effectiveInstant":"2024-02-29T23:15:00Z""#,
            #""effectivePeriod":{"start":"2024-02-29T18:15:00-05:00","end":"2024-03-01T00:00:00Z"}"#,
        ] {
            #expect(try decodeOne(Self.observation(member)).content.observation?.effective == expected, "\(member)")
        }
        #expect(try rejection(Self.observation(#""effectiveTiming":{}"#)).path == "effectiveTiming")
    }

    @Test func categoryMapsVitalSignsAndLaboratoryElseOther() throws {
        func category(_ code: String) throws -> Observation.Category? {
            let member = #""category":[{"coding":[{"system":"http://terminology.hl7.org/CodeSystem/observation-category","code":"\#(code)"}]}]"#
            return try decodeOne(Self.observation(member)).content.observation?.category
        }
        #expect(try category("vital-signs") == .vitalSigns)
        #expect(try category("laboratory") == .laboratory)
        #expect(try category("survey") == .other)
        let bloodBank = #""category":[{"coding":[{"system":"http://terminology.hl7.org/CodeSystem/v2-0074","code":"LAB"}]}]"#
        #expect(try decodeOne(Self.observation(bloodBank)).content.observation?.category == .laboratory)
        #expect(try decodeOne(Self.observation("")).content.observation?.category == .other)
    }

    @Test func statusIsRequiredAndChecked() throws {
        let missing = #"{"resourceType":"Observation","id":"abc","code":{"text":"x"},"subject":{"reference":"Patient/p1"}}"#
        #expect(try rejection(missing).description == "resource.json: Observation/abc.status: missing")
        let unknown = try rejection(missing.replacingOccurrences(of: #""id":"abc","#, with: #""id":"abc","status":"finalised","#))
        #expect(unknown.message.hasPrefix(#"unknown code "finalised" (expected one of amended, cancelled, corrected, entered-in-error"#))
        let kebab = missing.replacingOccurrences(of: #""id":"abc","#, with: #""id":"abc","status":"entered-in-error","#)
        #expect(try decodeOne(kebab).content.observation?.status == .enteredInError)
    }

    @Test func subjectMustBeAPatient() throws {
        let json = Self.observation("").replacingOccurrences(of: "Patient/p1", with: "Practitioner/1")
        let problem = try rejection(json)
        #expect(problem.description == "resource.json: Observation/abc.subject.reference: expected a reference to Patient, found Practitioner")
    }

    @Test func unknownElementsAndExtensionsAreIgnored() throws {
        let json = Self.observation(#""_status":{"extension":[]},"modifierExtension":[],"note":[{"text":"n"}],"issued":42"#)
        #expect(try decodeOne(json).content.observation?.status == .final)
    }
}
