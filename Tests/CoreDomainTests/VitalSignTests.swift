import CoreDomain
import Testing

@Suite struct VitalSignTests {
    @Test func knowsTheLOINCCodesOfEverySign() {
        let expected: [String: VitalSign] = [
            "8867-4": .heartRate, "85354-9": .bloodPressure, "8480-6": .systolic, "8462-4": .diastolic,
            "8310-5": .temperature, "9279-1": .respiratoryRate, "2708-6": .oxygenSaturation,
            "59408-5": .oxygenSaturation, "29463-7": .weight, "8302-2": .height, "39156-5": .bmi, "72514-3": .painScore,
        ]
        for (code, sign) in expected {
            #expect(VitalSign(loinc: code) == sign, "\(code)")
        }
        #expect(VitalSign(loinc: "2345-7") == nil)
    }

    @Test func usesTheUCUMUnitsOfTheVitalSignsProfile() {
        #expect(VitalSign.heartRate.ucum == "/min")
        #expect(VitalSign.systolic.ucum == "mm[Hg]")
        #expect(VitalSign.temperature.ucum == "Cel")
        #expect(VitalSign.oxygenSaturation.ucum == "%")
        #expect(VitalSign.weight.ucum == "kg")
        #expect(VitalSign.bloodPressure.ucum == nil)
    }

    @Test func observationFindsItsSignOnlyUnderLOINC() {
        let loinc = Observation(id: "o1", patientID: "p1", code: CodedConcept(codings: [Coding(system: CodeSystem.loinc, code: "8867-4")]))
        let other = Observation(id: "o2", patientID: "p1", code: CodedConcept(codings: [Coding(system: "urn:local", code: "8867-4")]))
        #expect(loinc.vitalSign == .heartRate)
        #expect(other.vitalSign == nil)
    }
}
