import CoreDomain
import CoreUseCases
import Foundation
import Testing

@Suite struct PatientSearchIndexTests {
    let entries = [
        Make.entry(Make.patient("a", family: "Zimmer", given: ["Al"]), ward: "4W", bed: "Bed 12"),
        Make.entry(Make.patient("b", family: "Adams", given: ["Bo"]), ward: "4W", bed: "Bed 2"),
        Make.entry(Make.patient("c", family: "Brown", given: ["Cy"]), ward: "4E", bed: "Bed 2"),
        Make.entry(Make.patient("d", family: "Brown", given: ["Di"])),
        Make.entry(Make.patient("e", family: "Abel", given: ["Ed"]), ward: "4W"),
        Make.entry(Make.patient("f", family: "Adams", given: ["Bo"]), ward: "4W", bed: "Bed 2"),
    ]

    @Test func sortsByWardThenBedNaturallyThenNameWithMissingValuesLast() {
        let page = PatientSearchIndex(entries: entries).page(for: PatientSearch())
        #expect(page.entries.map(\.id) == ["c", "b", "f", "a", "e", "d"])
        #expect(page.total == 6)
    }

    @Test func aReplacedRowKeepsItsPlaceAndCensusMarkOrMovesWhenItsPlaceChanged() {
        var offCensus = entries
        offCensus[0].isOffCensus = true
        let index = PatientSearchIndex(entries: offCensus)
        var marked = entries[0]
        marked.hasAbnormalVital = true
        let replaced = index.replacing(marked).page(for: PatientSearch())
        #expect(replaced.entries.map(\.id) == ["c", "b", "f", "a", "e", "d"])
        let row = replaced.entries.first { $0.id == "a" }
        #expect(row?.hasAbnormalVital == true && row?.isOffCensus == true, "the census mark is the index's, not the row's")
        let moved = index.replacing(Make.entry(Make.patient("a", family: "Zimmer", given: ["Al"]), ward: "4E", bed: "Bed 1"))
        #expect(moved.page(for: PatientSearch()).entries.map(\.id) == ["a", "c", "b", "f", "e", "d"])
        #expect(index.replacing(Make.entry(Make.patient("zz"))).count == 6, "no row for an unknown patient is added")
    }

    @Test func comparesLabelsNaturallyIgnoringCase() {
        let rows = [
            Make.entry(Make.patient("1"), ward: "Ward 10", bed: "b"), Make.entry(Make.patient("2"), ward: "ward 9", bed: "B"),
            Make.entry(Make.patient("3"), ward: "Ward 9", bed: "02"), Make.entry(Make.patient("4"), ward: "Ward 9", bed: "2"),
            Make.entry(Make.patient("5"), ward: "Ward 9A", bed: "1"),
        ]
        let ids = PatientSearchIndex(entries: rows).page(for: PatientSearch()).entries.map(\.id)
        #expect(ids == ["4", "3", "2", "5", "1"])
    }

    @Test func ordersTheSameWhateverOrderRowsArriveIn() {
        let forward = PatientSearchIndex(entries: entries).page(for: PatientSearch()).entries.map(\.id)
        let backward = PatientSearchIndex(entries: entries.reversed()).page(for: PatientSearch()).entries.map(\.id)
        #expect(forward == backward)
    }

    @Test func filtersByWardExactly() {
        let page = PatientSearchIndex(entries: entries).page(for: PatientSearch(ward: "4W"))
        #expect(page.entries.map(\.id) == ["b", "f", "a", "e"])
        #expect(PatientSearchIndex(entries: entries).page(for: PatientSearch(ward: "4w")).total == 0)
    }

    @Test func listsWardsInListOrderOnce() {
        #expect(PatientSearchIndex(entries: entries).wards == ["4E", "4W"])
    }

    @Test func pagesKeepTheTotalOfAllMatches() {
        let index = PatientSearchIndex(entries: entries)
        let first = index.page(for: PatientSearch(offset: 0, limit: 4))
        let second = index.page(for: PatientSearch(offset: 4, limit: 4))
        #expect(first.entries.map(\.id) == ["c", "b", "f", "a"])
        #expect(second.entries.map(\.id) == ["e", "d"])
        #expect(first.total == 6 && second.total == 6)
        #expect(index.page(for: PatientSearch(offset: 10, limit: 4)).entries.isEmpty)
    }

    @Test func combinesTextAndWard() {
        let index = PatientSearchIndex(entries: entries)
        #expect(index.page(for: PatientSearch(text: "brown")).entries.map(\.id) == ["c", "d"])
        #expect(index.page(for: PatientSearch(text: "brown", ward: "4E")).entries.map(\.id) == ["c"])
    }

    /// A census of 100k rows answers with the right total and the first page in list order;
    /// its speed is measured by `make bench`, not asserted here.
    @Test func searchesOneHundredThousandRows() {
        let families = ["Brown", "García", "Müller", "O'Brien", "Ito", "Khan", "Jones", "Nguyễn", "Smith", "Lefèvre"]
        let census = (0..<100_000).map { n in
            Make.entry(
                Make.patient("p\(n)", family: families[n % families.count] + String(n % 97), given: ["Given\(n % 13)"],
                             mrn: "POP-\(String(n))", born: "19\(10 + n % 90)-0\(1 + n % 9)-1\(n % 10)"),
                ward: "W\(n % 20)", bed: "Bed \(n % 40)")
        }
        let index = PatientSearchIndex(entries: census)
        let page = index.page(for: PatientSearch(text: "mül", limit: 200))
        #expect(page.total == 10_000)
        #expect(page.entries.count == 200)
        #expect(page.entries.allSatisfy { $0.patient.name.family?.hasPrefix("Müller") == true })
        #expect(index.page(for: PatientSearch(text: "POP-99999")).entries.map(\.id) == ["p99999"])
    }
}

/// A census large enough to be keyed on several cores (`chunkedMap`) is found and ordered as a
/// small one is: every patient by name and by MRN, wherever their row fell among the chunks,
/// the list in name order, and look-alikes marked across chunks.
@Suite struct LargeCensusIndexTests {
    /// A distinct family name of letters for each number ("Kbadz"), so no name is a prefix of another.
    private static func family(_ number: Int) -> String {
        let letters = Array("abcdefghij")
        return "K" + String(String(number).map { letters[Int(String($0))!] }) + "z"
    }

    /// A given name whose first three letters are the number's own (base 26), so no two look alike.
    private static func given(_ number: Int) -> String {
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        return String([letters[number / 676 % 26], letters[number / 26 % 26], letters[number % 26]]).capitalized + "y"
    }

    @Test func everyPatientIsFoundAndTheListIsInNameOrder() {
        let count = 10_000
        var entries = (0..<count).map { Make.entry(Make.patient("p\($0)", family: Self.family($0), given: [Self.given($0)], mrn: "MRN\(100_000 + $0)")) }
        entries.append(Make.entry(Make.patient("twin", family: Self.family(7), given: [Self.given(7) + "n"], mrn: "MRN-TWIN")))
        entries.reverse()
        let index = PatientSearchIndex(entries: entries)
        let all = index.page(for: PatientSearch(limit: .max)).entries
        #expect(all.count == count + 1)
        #expect(zip(all, all.dropFirst()).allSatisfy { ($0.patient.name.family ?? "") <= ($1.patient.name.family ?? "") })
        for number in stride(from: 0, to: count, by: 997) {
            #expect(index.page(for: PatientSearch(text: Self.family(number))).entries.map(\.id).contains("p\(number)"), "\(number) by name")
            #expect(index.page(for: PatientSearch(text: "MRN\(100_000 + number)")).entries.map(\.id) == ["p\(number)"], "\(number) by MRN")
        }
        #expect(all.filter(\.hasLookAlike).map(\.id).sorted() == ["p7", "twin"], "the first and last rows sent, keyed on different cores")
    }
}
