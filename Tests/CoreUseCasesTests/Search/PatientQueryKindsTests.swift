import CoreDomain
@testable import CoreUseCases
import Testing

/// A search is audited by the kinds of its terms, read the same way the matcher reads them.
@Suite struct PatientQueryKindsTests {
    @Test(arguments: [
        ("brown", Set<PatientQueryKind>([.name])),
        ("pop-0001", [.mrn]),
        ("1954-04", [.birthDate]),
        ("brown 1954", [.name, .birthDate]),
        ("mül, 0042; 1954-04-12", [.name, .mrn, .birthDate]),
        ("", []),
        ("  ,; ", []),
    ])
    func classifiesEachTerm(text: String, kinds: Set<PatientQueryKind>) {
        #expect(PatientMatcher(text).queryKinds == kinds)
    }
}
