import CoreDomain
import Testing

/// What a concept reads as on screen: the preferred term, never SNOMED's semantic tag or a
/// code's underscores (issue 31).
@Suite struct PreferredTermTests {
    @Test(arguments: [
        ("Animal dander (substance)", "Animal dander"),
        ("Medication review due (situation)", "Medication review due"),
        ("General examination of patient (procedure)", "General examination of patient"),
        ("Detected (qualifier value)", "Detected"),
        ("Methicillin resistant Staphylococcus aureus (organism)", "Methicillin resistant Staphylococcus aureus"),
        ("Body mass index 30+ - obesity (finding)", "Body mass index 30+ - obesity"),
        ("Sputum finding (observable entity)", "Sputum finding"),
    ])
    func aSemanticTagIsNotPartOfTheTerm(display: String, term: String) {
        #expect(PreferredTerm.of(display) == term)
        #expect(CodedConcept(codings: [Coding(system: CodeSystem.snomed, code: "1", display: display)]).displayName == term)
        #expect(CodedConcept(text: display).displayName == term, "text copied from the display carries it too")
    }

    /// Brackets that are part of a name stay: only a tag SNOMED uses, at the end, goes.
    @Test(arguments: ["Essential (primary) hypertension", "Cobalamin (Vitamin B12)", "Ear infection (left)", "Fracture (disorder"])
    func otherBracketsStay(name: String) {
        #expect(PreferredTerm.of(name) == name)
    }

    @Test func theTagIsKeptForRulesThatSortByIt() {
        #expect(CodedConcept(text: "Medication review due (situation)").semanticTag == "situation")
        #expect(CodedConcept(text: "Essential (primary) hypertension").semanticTag == nil)
    }

    /// `Medication_Review_Due` sent as a reason's code (or its text) reads as words.
    @Test(arguments: [
        ("Medication_Review_Due", "Medication review due"),
        ("CHEST_PAIN", "Chest pain"),
        ("follow_up", "Follow up"),
        ("COPD_Exacerbation", "COPD exacerbation"),
    ])
    func aCodeMadeOfWordsReadsAsThem(code: String, words: String) {
        #expect(CodedConcept(codings: [Coding(system: "http://example.org/reason", code: code)]).displayName == words)
        #expect(CodedConcept(text: code).displayName == words)
    }

    /// Hyphens join words in names (`Non-Hodgkin lymphoma`): only a code's are separators.
    @Test func aHyphenatedCodeReadsAsWordsButAHyphenatedNameStays() {
        #expect(CodedConcept(codings: [Coding(system: "http://example.org/reason", code: "chest-pain")]).displayName == "Chest pain")
        #expect(CodedConcept(text: "Non-Hodgkin").displayName == "Non-Hodgkin")
    }

    /// A code that is not words (a number, `I10`, `A-1`) is shown as it is: there is nothing else to show.
    @Test(arguments: ["314529007", "I10", "J45.21", "COVID-19", "HbA1c"])
    func anOpaqueCodeIsLeftAlone(code: String) {
        #expect(CodedConcept(codings: [Coding(code: code)]).displayName == code)
    }

    /// A display is preferred to a code wherever one exists, in any coding.
    @Test func aDisplayInALaterCodingBeatsAnEarlierCode() {
        let concept = CodedConcept(codings: [Coding(system: "urn:local", code: "X17"), Coding(system: CodeSystem.snomed, code: "195662009", display: "Acute viral pharyngitis (disorder)")])
        #expect(concept.displayName == "Acute viral pharyngitis")
    }
}
