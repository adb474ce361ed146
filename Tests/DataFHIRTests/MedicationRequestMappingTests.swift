import CoreDomain
import DataFHIR
import Foundation
import Testing

@Suite struct MedicationRequestMappingTests {
    static func request(_ members: String) -> String {
        #"{"resourceType":"MedicationRequest","id":"m1","status":"active","intent":"order","subject":{"reference":"Patient/p1"}"#
            + members + "}"
    }

    static let amoxicillin = #","medicationCodeableConcept":{"coding":[{"system":"http://www.nlm.nih.gov/research/umls/rxnorm","code":"308182","display":"Amoxicillin 500 MG"}]}"#

    @Test func mapsTheOrderAndItsFirstDosage() throws {
        let json = Self.request(Self.amoxicillin + #"""
        ,"authoredOn":"2024-05-01","requester":{"reference":"Practitioner/dr1"},
        "reasonCode":[{"text":"Pneumonia"}],
        "dosageInstruction":[{"text":"0.5 g three times daily","route":{"coding":[{"system":"http://snomed.info/sct","code":"26643006","display":"Oral"}]},
          "timing":{"repeat":{"frequency":3,"period":1,"periodUnit":"d"},"code":{"coding":[{"code":"TID"}]}},
          "asNeededBoolean":false,
          "doseAndRate":[{"doseQuantity":{"value":0.5,"unit":"g","system":"http://unitsofmeasure.org","code":"g"}}]}]
        """#)
        let order = try #require(try decodeOne(json).content.medicationRequest)
        #expect(order.patientID == "p1")
        #expect(order.medication.contains(code: "308182", system: CodeSystem.rxnorm))
        #expect(order.dose == Quantity(value: try decimal("0.5"), unit: "g", ucumCode: "g"))
        #expect(order.route?.displayName == "Oral")
        #expect(order.frequencyText == "0.5 g three times daily")
        #expect(order.timing == MedicationRequest.Timing(frequency: 3, period: 1, periodUnit: "d", code: "TID"))
        #expect(!order.asNeeded)
        #expect(order.status == .active)
        #expect(order.intent == .order)
        #expect(order.authoredOn == (try utc(2024, 5, 1)))
        #expect(order.prescriberID == "dr1")
        #expect(order.reason?.displayName == "Pneumonia")
    }

    /// An infusion's rate was dropped: `Lactated Ringer 125 mL IV daily` for 125 mL/h.
    @Test func anInfusionRateIsReadAsAQuantityOrARatio() throws {
        let quantity = Self.request(Self.amoxicillin + #"""
        ,"dosageInstruction":[{"doseAndRate":[{"doseQuantity":{"value":125,"unit":"mL","system":"http://unitsofmeasure.org","code":"mL"},"rateQuantity":{"value":125,"unit":"mL/h","system":"http://unitsofmeasure.org","code":"mL/h"}}]}]
        """#)
        #expect(try decodeOne(quantity).content.medicationRequest?.rate == .init(amount: Quantity(value: 125, unit: "mL/h", ucumCode: "mL/h")))
        let ratio = Self.request(Self.amoxicillin + #"""
        ,"dosageInstruction":[{"doseAndRate":[{"doseQuantity":{"value":0.25,"unit":"mg/kg","system":"http://unitsofmeasure.org","code":"mg/kg"},
          "rateRatio":{"numerator":{"value":10,"unit":"mg","system":"http://unitsofmeasure.org","code":"mg"},"denominator":{"value":1,"unit":"h","system":"http://unitsofmeasure.org","code":"h"}}}]}]
        """#)
        let order = try #require(try decodeOne(ratio).content.medicationRequest)
        #expect(order.rate == .init(amount: Quantity(value: 10, unit: "mg", ucumCode: "mg"), per: Quantity(value: 1, unit: "h", ucumCode: "h")))
        #expect(order.dose == Quantity(value: try decimal("0.25"), unit: "mg/kg", ucumCode: "mg/kg"))
    }

    @Test func containedMedicationGivesTheCode() throws {
        let json = Self.request(#"""
        ,"contained":[{"resourceType":"Medication","id":"med1","code":{"coding":[{"system":"http://www.nlm.nih.gov/research/umls/rxnorm","code":"197361","display":"Amlodipine 5 MG"}]}}],
        "medicationReference":{"reference":"#med1"},
        "dosageInstruction":[{"asNeededCodeableConcept":{"text":"pain"}}]
        """#)
        let order = try #require(try decodeOne(json).content.medicationRequest)
        #expect(order.medication.contains(code: "197361"))
        #expect(order.asNeeded)
    }

    /// A drug scan matches the product's own identifiers; a titration instruction is kept whole.
    @Test func containedMedicationsIdentifiersAndAdditionalInstructionsAreKept() throws {
        let json = Self.request(#"""
        ,"contained":[{"resourceType":"Medication","id":"med1","code":{"text":"Heparin 25,000 units in 250 mL"},
          "identifier":[{"system":"https://www.gs1.org/gtin","value":"00303380550036"},{"system":"urn:hospital:item"}]}],
        "medicationReference":{"reference":"#med1"},
        "dosageInstruction":[{"text":"18 units/kg/h","additionalInstruction":[{"text":"titrate to aPTT per heparin protocol"},
          {"coding":[{"system":"http://snomed.info/sct","code":"311504000","display":"With or after food"}]}]}]
        """#)
        let order = try #require(try decodeOne(json).content.medicationRequest)
        #expect(order.medicationIdentifiers == [Coding(system: "https://www.gs1.org/gtin", code: "00303380550036")], "one without a value is no identifier")
        #expect(order.additionalInstructions == ["titrate to aPTT per heparin protocol", "With or after food"])
        #expect(try decodeOne(Self.request(Self.amoxicillin)).content.medicationRequest?.medicationIdentifiers == [])
    }

    /// `asNeededCodeableConcept` says what the order is for (`PRN pain`); the Boolean form says only that it is as needed.
    @Test func asNeededKeepsItsReason() throws {
        let reason = Self.request(Self.amoxicillin + #","dosageInstruction":[{"asNeededCodeableConcept":{"coding":[{"system":"http://snomed.info/sct","code":"22253000","display":"Pain"}],"text":"pain"}}]"#)
        let order = try #require(try decodeOne(reason).content.medicationRequest)
        #expect(order.asNeeded)
        #expect(order.asNeededFor?.displayName == "pain")
        let boolean = try #require(try decodeOne(Self.request(Self.amoxicillin + #","dosageInstruction":[{"asNeededBoolean":true}]"#)).content.medicationRequest)
        #expect(boolean.asNeeded)
        #expect(boolean.asNeededFor == nil)
    }

    @Test func referencedMedicationFallsBackToItsDisplay() throws {
        let json = Self.request(#","medicationReference":{"reference":"Medication/x","display":"Heparin 5000 units"}"#)
        #expect(try decodeOne(json).content.medicationRequest?.medication == CodedConcept(text: "Heparin 5000 units"))
        let unresolved = try rejection(Self.request(#","medicationReference":{"reference":"Medication/x"}"#))
        #expect(unresolved.path == "medicationReference")
        let missingContained = try rejection(Self.request(##","medicationReference":{"reference":"#nope"}"##))
        #expect(missingContained.path == "medicationReference.reference")
    }

    @Test func dosingProblemsRejectTheOrder() throws {
        #expect(try rejection(Self.request(Self.amoxicillin + #","dosageInstruction":[{"doseAndRate":[{"doseQuantity":{"value":"500","unit":"mg"}}]}]"#)).path
            == "dosageInstruction[0].doseAndRate[0].doseQuantity.value")
        #expect(try rejection(Self.request(Self.amoxicillin + #","dosageInstruction":[{"doseAndRate":[{"doseRange":{"low":{"value":1}}}]}]"#)).path
            == "dosageInstruction[0].doseAndRate[0].doseRange")
        #expect(try rejection(Self.request(Self.amoxicillin + #","dosageInstruction":[{"timing":{"repeat":{"periodUnit":"day"}}}]"#)).path
            == "dosageInstruction[0].timing.repeat.periodUnit")
        #expect(try rejection(Self.request(Self.amoxicillin + #","dosageInstruction":[{"timing":{"repeat":{"frequency":0}}}]"#)).path
            == "dosageInstruction[0].timing.repeat.frequency")
        #expect(try rejection(Self.request(Self.amoxicillin + #","dosageInstruction":[{"doseAndRate":[{"doseQuantity":{"value":5,"comparator":"<"}}]}]"#)).path
            == "dosageInstruction[0].doseAndRate[0].doseQuantity.comparator")
        #expect(try rejection(Self.request("")).path == "medication[x]")
        #expect(try rejection(Self.request(Self.amoxicillin).replacingOccurrences(of: #""intent":"order""#, with: #""intent":"unknown""#)).path == "intent")
    }

    @Test func extraDosageInstructionsAreReported() throws {
        let result = readSource(Self.request(Self.amoxicillin + #","dosageInstruction":[{"text":"day 1-3"},{"text":"day 4-6"}]"#))
        #expect(result.resources.first?.content.medicationRequest?.frequencyText == "day 1-3")
        #expect(result.problems.map(\.path) == ["dosageInstruction[1]"])
        #expect(result.problems.first?.severity == .warning)
    }

    @Test func requesterOfAnotherValidTypeIsNotAPrescriber() throws {
        let order = try decodeOne(Self.request(Self.amoxicillin + #","requester":{"reference":"Organization/o1"}"#)).content.medicationRequest
        #expect(order?.prescriberID == nil)
    }
}

@Suite struct ConditionAndAllergyMappingTests {
    static let condition = #"""
    {"resourceType":"Condition","id":"c1","subject":{"reference":"Patient/p1"},
     "clinicalStatus":{"coding":[{"system":"http://terminology.hl7.org/CodeSystem/condition-clinical","code":"active"}]},
     "verificationStatus":{"coding":[{"system":"http://terminology.hl7.org/CodeSystem/condition-ver-status","code":"entered-in-error"}]},
     "code":{"coding":[{"system":"http://snomed.info/sct","code":"44054006","display":"Diabetes mellitus type 2"}]},
     "onsetDateTime":"2019","recordedDate":"2019-03-04T10:00:00+01:00"}
    """#

    @Test func mapsACondition() throws {
        let condition = try #require(try decodeOne(Self.condition).content.condition)
        #expect(condition == Condition(
            id: "c1", patientID: "p1",
            code: CodedConcept(codings: [Coding(system: CodeSystem.snomed, code: "44054006", display: "Diabetes mellitus type 2")]),
            clinicalStatus: .active, verificationStatus: .enteredInError,
            onset: try utc(2019, 1, 1), recordedDate: try utc(2019, 3, 4, 9)
        ))
    }

    @Test func conditionStatusFromAnotherSystemIsRefused() throws {
        let json = Self.condition.replacingOccurrences(of: "condition-clinical", with: "something-else")
        #expect(try rejection(json).path == "clinicalStatus.coding")
        let unknown = Self.condition.replacingOccurrences(of: #""code":"active""#, with: #""code":"current""#)
        #expect(try rejection(unknown).path == "clinicalStatus.coding[0].code")
    }

    @Test func unreadableOnsetIsDroppedWithAWarning() throws {
        let result = readSource(Self.condition.replacingOccurrences(of: #""onsetDateTime":"2019""#, with: #""onsetAge":{"value":40}"#)
            .replacingOccurrences(of: "\n", with: " "))
        #expect(result.resources.first?.content.condition?.onset == nil)
        #expect(result.problems.map(\.path) == ["onsetAge"])
    }

    static let allergy = #"""
    {"resourceType":"AllergyIntolerance","id":"a1","patient":{"reference":"Patient/p1"},
     "clinicalStatus":{"coding":[{"system":"http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical","code":"active"}]},
     "verificationStatus":{"coding":[{"system":"http://terminology.hl7.org/CodeSystem/allergyintolerance-verification","code":"confirmed"}]},
     "type":"allergy","criticality":"unable-to-assess",
     "code":{"coding":[{"system":"http://www.nlm.nih.gov/research/umls/rxnorm","code":"7980","display":"Penicillin G"}]},
     "recordedDate":"2020-06-01",
     "reaction":[{"manifestation":[{"text":"Hives"},{"text":"Wheeze"}],"severity":"severe"}]}
    """#

    @Test func mapsAnAllergy() throws {
        let allergy = try #require(try decodeOne(Self.allergy).content.allergy)
        #expect(allergy.patientID == "p1")
        #expect(allergy.substance.displayName == "Penicillin G")
        #expect(allergy.criticality == .unableToAssess)
        #expect(allergy.kind == .allergy)
        #expect(allergy.clinicalStatus == .active)
        #expect(allergy.verificationStatus == .confirmed)
        #expect(allergy.reactions == [AllergyIntolerance.Reaction(manifestations: [CodedConcept(text: "Hives"), CodedConcept(text: "Wheeze")], severity: .severe)])
        #expect(allergy.recordedDate == (try utc(2020, 6, 1)))
    }

    @Test func allergySafetyElementsRejectOnProblems() throws {
        #expect(try rejection(Self.allergy.replacingOccurrences(of: #""criticality":"unable-to-assess""#, with: #""criticality":"HIGH""#)).path == "criticality")
        #expect(try rejection(Self.allergy.replacingOccurrences(of: #""severity":"severe""#, with: #""severity":3"#)).path == "reaction[0].severity")
        #expect(try rejection(Self.allergy.replacingOccurrences(of: #""manifestation":[{"text":"Hives"},{"text":"Wheeze"}],"#, with: "")).path
            == "reaction[0].manifestation")
        #expect(try rejection(Self.allergy.replacingOccurrences(of: #""patient""#, with: #""subject""#)).path == "patient")
    }
}
