import CoreDomain
import CoreUseCases
import Foundation
import Testing

@Suite struct AllergyStatusTests {
    @Test func noEntriesIsNotRecorded() {
        #expect(AllergyStatus(entries: []) == .notRecorded)
    }

    @Test func anExplicitNoKnownAllergyEntryIsNoKnownAllergies() {
        #expect(AllergyStatus(entries: [Make.allergy("n", substance: Make.noKnownAllergy)]) == .noKnownAllergies)
    }

    @Test func refutedAndEnteredInErrorEntriesCountAsAbsent() {
        let entries = [Make.allergy("a", verification: .refuted), Make.allergy("b", verification: .enteredInError)]
        #expect(AllergyStatus(entries: entries) == .notRecorded)
        #expect(AllergyStatus(entries: entries + [Make.allergy("n", substance: Make.noKnownAllergy)]) == .noKnownAllergies)
    }

    @Test func anActiveSubstanceAllergyWinsOverNoKnownAllergy() {
        let penicillin = Make.allergy("a")
        let status = AllergyStatus(entries: [Make.allergy("n", substance: Make.noKnownAllergy), penicillin])
        #expect(status == .allergies([penicillin]))
    }

    @Test func inactiveAndResolvedEntriesAreNotListed() {
        let entries = [Make.allergy("a", clinical: .inactive), Make.allergy("b", clinical: .resolved)]
        #expect(AllergyStatus(entries: entries) == .noActiveAllergies)
        #expect(AllergyStatus(entries: entries + [Make.allergy("n", substance: Make.noKnownAllergy)]) == .noKnownAllergies)
    }

    @Test func anEntryWithoutClinicalStatusCountsAsActive() {
        let unknown = Make.allergy("a", clinical: nil)
        #expect(AllergyStatus(entries: [unknown]).active == [unknown])
    }

    @Test func unconfirmedAllergiesAreListed() {
        let suspected = Make.allergy("a", verification: .unconfirmed)
        #expect(AllergyStatus(entries: [suspected]).active == [suspected])
    }

    @Test func severeMeansHighCriticalityOrASevereReaction() {
        #expect(Make.allergy("a", criticality: .high).isSevere)
        #expect(Make.allergy("b", reactionSeverity: .severe).isSevere)
        #expect(!Make.allergy("c", criticality: .low, reactionSeverity: .moderate).isSevere)
        #expect(!Make.allergy("d", criticality: .unableToAssess).isSevere)
    }

    @Test func listsSevereAllergiesFirstThenByName() {
        let latex = Make.allergy("1", substance: CodedConcept(text: "Latex"))
        let aspirin = Make.allergy("2", substance: CodedConcept(text: "aspirin"))
        let peanut = Make.allergy("3", substance: CodedConcept(text: "Peanut"), criticality: .high)
        let status = AllergyStatus(entries: [latex, aspirin, peanut])
        #expect(status.active.map(\.id) == ["3", "2", "1"])
        #expect(status.hasSevere)
        #expect(!AllergyStatus(entries: [latex]).hasSevere)
    }

    @Test func onlyActiveAllergiesMakeTheStatusSevere() {
        #expect(!AllergyStatus(entries: [Make.allergy("a", criticality: .high, clinical: .resolved)]).hasSevere)
        #expect(!AllergyStatus(entries: [Make.allergy("a", criticality: .high, verification: .refuted)]).hasSevere)
    }
}
