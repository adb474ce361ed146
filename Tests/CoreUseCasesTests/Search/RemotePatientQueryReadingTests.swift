import CoreDomain
import CoreUseCases
import Testing

/// The server is asked what the list's search reads: names, MRNs and ISO birth dates.
@Suite struct RemotePatientQueryReadingTests {
    @Test func eachWordGoesToItsKind() {
        let query = RemotePatientQuery(searchText: "brown, o'brien 1954-12;POP-0001")
        #expect(query == RemotePatientQuery(names: ["brown", "o'brien"], identifiers: ["POP-0001"], birthDates: [PartialDate(year: 1954, month: 12)]))
    }

    @Test func aDateInAnotherSpellingIsAnIdentifierNotAGuessedDate() {
        #expect(RemotePatientQuery(searchText: "12.04.1954") == RemotePatientQuery(identifiers: ["12.04.1954"]))
    }

    @Test func punctuationAloneAsksNothing() {
        #expect(RemotePatientQuery(searchText: " -- , ' ").isEmpty)
    }
}
