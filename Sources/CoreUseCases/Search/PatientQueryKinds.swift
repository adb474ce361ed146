import CoreDomain

extension PatientMatcher {
    /// The kinds of terms this search has, for the audit trail, which records a search without
    /// its text. A date-shaped number counts as a birth-date term (it may also match an MRN).
    public var queryKinds: Set<PatientQueryKind> {
        var kinds: Set<PatientQueryKind> = nameTerms.isEmpty ? [] : [.name]
        for term in numberTerms { kinds.insert(term.birthDate == nil ? .mrn : .birthDate) }
        return kinds
    }
}
