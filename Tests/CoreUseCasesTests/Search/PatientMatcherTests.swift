import CoreDomain
import CoreUseCases
import Foundation
import Testing

@Suite struct PatientMatcherTests {
    let brown = PatientSearchKey(patient: Make.patient("1", family: "Brown", given: ["Robin", "Anne"], mrn: "POP-000010", born: "1954-04-12"))
    let mueller = PatientSearchKey(patient: Make.patient("2", family: "Müller", given: ["Zoë"], mrn: "MR77", born: "1954"))
    let obrien = PatientSearchKey(patient: Make.patient("3", family: "O'Brien", given: ["Seán"], mrn: "X-1", born: "1990-01-02"))

    func matches(_ text: String, _ key: PatientSearchKey) -> Bool { PatientMatcher(text).matches(key) }

    @Test func emptyOrBlankTextMatchesEveryRow() {
        for text in ["", "   ", " , ;"] {
            #expect(matches(text, brown) && matches(text, mueller))
        }
    }

    @Test func wordsMatchTheStartOfAnyNameWordIgnoringCase() {
        #expect(matches("bro", brown))
        #expect(matches("ROBIN", brown))
        #expect(matches("ann", brown))
        #expect(!matches("own", brown), "a name matches by prefix, not anywhere")
    }

    @Test func diacriticsAreIgnoredOnBothSides() {
        #expect(matches("muller", mueller))
        #expect(matches("Mül", mueller))
        #expect(matches("zoe", mueller))
        #expect(matches("sean", obrien))
    }

    @Test func punctuationInsideNamesIsIgnored() {
        #expect(matches("obrien", obrien))
        #expect(matches("o'bri", obrien))
        #expect(matches("brien", obrien))
    }

    @Test func everyWordMustMatch() {
        #expect(matches("brown robin", brown))
        #expect(matches("Brown, Robin", brown))
        #expect(!matches("brown sean", brown))
    }

    @Test func wordsWithDigitsMatchTheMRNAnywhereIgnoringCase() {
        #expect(matches("pop-0000", brown))
        #expect(matches("000010", brown))
        #expect(matches("0001", brown))
        #expect(matches("mr7", mueller))
        #expect(!matches("000011", brown))
    }

    /// A nurse looks a patient up by bed as often as by name (`4W-06` found nobody).
    @Test func aBedIsFoundAsTheListWritesItOrAlone() {
        let gonzalez = PatientSearchKey(patient: Make.patient("4", family: "Gonzalez", given: ["Rebecca"], mrn: "POP-000700", born: "1957"),
                                        location: BedLocation(ward: "4W", bed: "06"))
        #expect(matches("4W-06", gonzalez))
        #expect(matches("4w-06", gonzalez))
        #expect(matches("gonzalez 4W-06", gonzalez))
        #expect(!matches("4W-07", gonzalez))
        #expect(!matches("4W-06", brown), "no bed, no match")
        let index = PatientSearchIndex(entries: [
            PatientListEntry(patient: Make.patient("5", family: "Gonzalez", given: ["Rebecca"], mrn: "POP-000701", born: "1945"),
                             location: BedLocation(ward: "4W", bed: "4W-05")),
            PatientListEntry(patient: Make.patient("6", family: "Gonzalez", given: ["Rebecca"], mrn: "POP-000702", born: "1957"),
                             location: BedLocation(ward: "4W", bed: "4W-06")),
        ])
        #expect(index.page(for: PatientSearch(text: "4W-06")).entries.map(\.id) == ["6"], "the demo's beds carry their ward")
    }

    @Test func isoDatesMatchTheBirthDateToTheirPrecision() {
        #expect(matches("1954-04-12", brown))
        #expect(matches("1954-04", brown))
        #expect(matches("1954", brown) && matches("1954", mueller))
        #expect(!matches("1954-04-13", brown))
        #expect(!matches("1954-04-12", mueller), "a birth date known only to the year does not match a day")
    }

    @Test func otherDateSpellingsAreNotReadAsDates() {
        #expect(!matches("12.04.1954", brown))
        #expect(!matches("04/12/1954", brown))
    }

    @Test func namesAndNumbersCombine() {
        #expect(matches("brown 1954", brown))
        #expect(!matches("brown 1990", brown))
        #expect(matches("sean 1990-01", obrien))
    }

    @Test func titlesAreNotSearched() {
        let doctor = PatientSearchKey(patient: Patient(id: "4", name: PersonName(family: "Ito", given: ["Ken"], prefix: ["Dr"])))
        #expect(!matches("dr", doctor))
        #expect(matches("ito", doctor))
    }

    @Test func aNameGivenOnlyAsTextIsSearchedByItsWords() {
        let key = PatientSearchKey(patient: Patient(id: "5", name: PersonName(text: "Ada Jones")))
        #expect(matches("jon", key) && matches("ada", key))
    }
}
