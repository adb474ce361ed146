import CoreDomain
import CoreUseCases

/// Carries out the patient list's effects: a page of the census (a new query recorded as one
/// search, by the kinds of its terms and never the text), and the server's search and fetch.
struct PatientListEffects: Sendable {
    let load: LoadPatientList
    let server: ServerSearchEffects
    let audit: any AuditTrail

    func run(_ effect: PatientListEffect) async -> PatientListAction {
        switch effect {
        case let .search(search, isRefresh):
            do {
                let page = try await load(search)
                if !isRefresh { try recordSearch(search, outcome: .success) }
                return .loaded(search, page)
            } catch {
                if !isRefresh { try? recordSearch(search, outcome: .failure) }
                return .failed(UserMessage.describe(error))
            }
        case let .searchServer(text):
            return await server.search(text)
        case let .fetchServerPatient(patient):
            return await server.fetch(patient)
        }
    }

    /// A new query (not the next page of one, not the unfiltered census) is one search.
    private func recordSearch(_ search: PatientSearch, outcome: AuditOutcome) throws {
        let kinds = PatientMatcher(search.text).queryKinds
        guard search.offset == 0, !kinds.isEmpty else { return }
        try audit.record(.search(kinds: kinds), patientID: nil, outcome: outcome)
    }
}
