import CoreDomain
import CoreUseCases
import Testing

/// Names a tired eye could take for each other are flagged on both patients.
@Suite struct LookAlikeNameRuleTests {
    private func entry(_ id: String, _ family: String, _ given: String) -> PatientListEntry {
        Make.entry(Make.patient(id, family: family, given: [given]))
    }

    @Test func theWardsThreeRebeccaGonzalezesAreAllFlagged() {
        let census = [
            entry("a", "Gonzalez", "Rebecca"), entry("b", "Gonzales", "Rebekah"), entry("c", "Gonzalez", "Rebecca"),
            entry("d", "Garcia", "Luis"),
        ]
        #expect(LookAlikeNameRule.lookAlikes(census) == [true, true, true, false])
    }

    @Test func caseAccentsAndSpacingDoNotHideALookAlike() {
        let census = [entry("a", "Müller", "Jörg"), entry("b", "MULLER", "jorg"), entry("c", "Mueller", "Anna")]
        #expect(LookAlikeNameRule.lookAlikes(census) == [true, true, false])
    }

    @Test func theSameGivenNameAloneOrASimilarFamilyNameAloneIsNotALookAlike() {
        let census = [entry("a", "Edwards", "Jeff"), entry("b", "Romero", "Jeff"), entry("c", "Brown", "Robin"), entry("d", "Braun", "Sara")]
        #expect(LookAlikeNameRule.lookAlikes(census) == [false, false, false, false])
    }

    @Test func soundsAlikeAsSoundexHearsIt() {
        #expect(LookAlikeNameRule.soundex("Robert") == "R163")
        #expect(LookAlikeNameRule.soundex("Rupert") == "R163")
        #expect(LookAlikeNameRule.soundex("Tymczak") == "T522")
        #expect(LookAlikeNameRule.soundex("Ashcraft") == "A261")
        #expect(LookAlikeNameRule.soundex("Gonzalez") == LookAlikeNameRule.soundex("Gonzales"))
    }

    @Test func aPatientWithoutAFamilyNameIsComparedByWhatTheRecordHas() {
        let census = [Make.entry(Make.patient("a", family: nil, given: ["Baby"])), Make.entry(Make.patient("b", family: nil, given: ["Baby"]))]
        #expect(LookAlikeNameRule.lookAlikes(census) == [true, true])
    }
}

/// The index marks look-alikes over the whole census, so a page shows the mark even when the
/// other patient is on another page or filtered out.
@Suite struct LookAlikeIndexTests {
    @Test func bothRowsAreMarkedWhateverThePage() {
        let families = ["Adams", "Baker", "Clark", "Davis", "Evans", "Fisher", "Green", "Hill", "Irwin", "Jones"]
        let givens = ["Ann", "Bob", "Carl", "Dora", "Eve"]
        let census = (0..<50).map { n in
            Make.entry(Make.patient("p\(n)", family: families[n / 5], given: [givens[n % 5]]), ward: "7A", bed: "\(n)")
        }
            + [Make.entry(Make.patient("g1", family: "Gonzalez", given: ["Rebecca"]), ward: "7A", bed: "01"),
               Make.entry(Make.patient("g2", family: "Gonzales", given: ["Rebekah"]), ward: "7B", bed: "99")]
        let index = PatientSearchIndex(entries: census)
        let found = index.page(for: PatientSearch(text: "Gonzalez")).entries
        #expect(found.map(\.id) == ["g1"] && found[0].hasLookAlike, "marked though the other is not in this search")
        #expect(index.page(for: PatientSearch(limit: 100)).entries.filter(\.hasLookAlike).map(\.id).sorted() == ["g1", "g2"])
    }
}
