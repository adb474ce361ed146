import CoreDomain
import CoreUseCases
import Testing

/// A search is audited by the kinds of its terms, read the same way the matcher reads them.
@Suite struct PatientQueryKindsTests {
    static let cases: [(text: String, kinds: Set<PatientQueryKind>)] = [
        ("brown", [.name]),
        ("pop-0001", [.mrn]),
        ("1954-04", [.birthDate]),
        ("brown 1954", [.name, .birthDate]),
        ("mül, pop-0042; 1954-04-12", [.name, .mrn, .birthDate]),
        ("", []),
        ("  ,; ", []),
    ]

    @Test(arguments: cases)
    func classifiesEachTerm(example: (text: String, kinds: Set<PatientQueryKind>)) {
        #expect(PatientMatcher(example.text).queryKinds == example.kinds)
    }
}
