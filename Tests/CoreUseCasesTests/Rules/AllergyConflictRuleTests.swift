import CoreDomain
import CoreUseCases
import Testing

/// Orders the patient is allergic to are found by code, by name, and by the documented classes.
@Suite struct AllergyConflictRuleTests {
    private func order(_ id: String, _ name: String, code: String? = nil) -> MedicationRequest {
        MedicationRequest(id: id, patientID: "p1", medication: CodedConcept(
            codings: code.map { [Coding(system: CodeSystem.rxnorm, code: $0)] } ?? [], text: name), status: .active)
    }

    private func allergies(_ names: String...) -> AllergyStatus {
        AllergyStatus(entries: names.enumerated().map { index, name in
            AllergyIntolerance(id: "a\(index)", patientID: "p1", substance: CodedConcept(text: name), clinicalStatus: .active)
        })
    }

    @Test func aSulfonamideAllergyFlagsCelecoxibAsTheDemoShows() {
        let orders = [order("m1", "Celecoxib 200 MG Oral Capsule"), order("m2", "Amlodipine 5 MG")]
        #expect(AllergyConflictRule.conflicts(orders, allergies("Sulfonamides")) == ["m1": "Sulfonamides"])
    }

    @Test func aPenicillinAllergyFlagsAmoxicillinAndPenicillinByName() {
        let orders = [order("m1", "Amoxicillin 500 MG"), order("m2", "Penicillin V Potassium 250 MG"), order("m3", "Penicillamine 250 MG")]
        #expect(AllergyConflictRule.conflicts(orders, allergies("Penicillin")) == ["m1": "Penicillin", "m2": "Penicillin"])
    }

    @Test func theSameCodedSubstanceIsAConflict() {
        let coded = AllergyStatus(entries: [AllergyIntolerance(
            id: "a", patientID: "p1", substance: CodedConcept(codings: [Coding(system: CodeSystem.rxnorm, code: "1191")], text: "ASA"),
            clinicalStatus: .active)])
        #expect(AllergyConflictRule.conflicts([order("m1", "Ecotrin", code: "1191")], coded) == ["m1": "ASA"])
    }

    @Test func noAllergyOrAnInactiveOneFlagsNothing() {
        let orders = [order("m1", "Celecoxib 200 MG")]
        #expect(AllergyConflictRule.conflicts(orders, .noKnownAllergies).isEmpty)
        let resolved = AllergyStatus(entries: [AllergyIntolerance(id: "a", patientID: "p1", substance: CodedConcept(text: "Sulfa"), clinicalStatus: .resolved)])
        #expect(AllergyConflictRule.conflicts(orders, resolved).isEmpty)
    }
}
