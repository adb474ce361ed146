import CoreDomain
import Testing

@Suite struct NamesAndConceptsTests {
    @Test func listNameLeadsWithFamilyName() {
        #expect(PersonName(family: "Brown", given: ["Robin", "Ann"]).listName == "Brown, Robin Ann")
        #expect(PersonName(family: "Brown").listName == "Brown")
        #expect(PersonName(given: ["Robin"]).listName == "Robin")
        #expect(PersonName(text: "Robin Brown").listName == "Robin Brown")
        #expect(PersonName().listName == "(no name)")
    }

    @Test func conceptPrefersTextThenDisplayThenCode() {
        let coding = Coding(system: CodeSystem.snomed, code: "91936005", display: "Penicillin allergy")
        #expect(CodedConcept(codings: [coding], text: "Penicillin").displayName == "Penicillin")
        #expect(CodedConcept(codings: [coding]).displayName == "Penicillin allergy")
        #expect(CodedConcept(codings: [Coding(code: "X1")]).displayName == "X1")
    }

    @Test func noKnownAllergyIsAFindingNotASubstance() {
        let nka = AllergyIntolerance(
            id: "a1", patientID: "p1",
            substance: CodedConcept(codings: [Coding(system: CodeSystem.snomed, code: "716186003")])
        )
        let peanut = AllergyIntolerance(
            id: "a2", patientID: "p1",
            substance: CodedConcept(codings: [Coding(system: CodeSystem.snomed, code: "256349002")])
        )
        #expect(nka.isNoKnownAllergy)
        #expect(!peanut.isNoKnownAllergy)
    }

    @Test func abnormalFlagsAlwaysHaveALetter() {
        for flag in AbnormalFlag.allCases where flag.isAbnormal {
            #expect(!flag.marker.isEmpty, "\(flag)")
        }
        #expect(AbnormalFlag.normal.marker.isEmpty)
    }

    @Test func bedLocationLabelNamesWardAndBed() {
        #expect(BedLocation(ward: "4W", room: "12", bed: "12A").label == "4W · 12A")
        #expect(BedLocation(ward: "4W", room: "12").label == "4W · 12")
        #expect(BedLocation().label == "")
    }
}
