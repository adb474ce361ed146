import CoreDomain
import CoreUseCases

/// Carries out the server-search effects for `PatientListEffects`. A search of the server is
/// recorded like one of the list, by the kinds of its terms and never the text; the chart
/// fetched to be opened is recorded when it is shown, as every chart opening is.
struct ServerSearchEffects: Sendable {
    /// Patients per answer: enough to see the one meant, few enough for a slow link.
    static let limit = 20

    let remote: (any RemotePatientSearch)?
    let audit: any AuditTrail

    func search(_ text: String) async -> PatientListAction {
        let action = AuditAction.search(kinds: PatientMatcher(text).queryKinds)
        guard let remote else { return .serverAnswered(text: text, .failed(Self.noServer)) }
        do {
            let matches = try await remote.search(RemotePatientQuery(searchText: text), limit: Self.limit)
            try audit.record(action, patientID: nil, outcome: .success)
            return .serverAnswered(text: text, .found(matches))
        } catch {
            Log.debug("server.search.failed", .error(error))
            try? audit.record(action, patientID: nil, outcome: .failure)
            return .serverAnswered(text: text, .failed("server search failed: \(UserMessage.describe(error))"))
        }
    }

    func fetch(_ patient: Patient) async -> PatientListAction {
        guard let remote else { return .serverPatientFetchFailed(patientID: patient.id, Self.noServer) }
        do {
            try await remote.fetchChart(patientID: patient.id)
            return .serverPatientFetched(patient)
        } catch {
            Log.debug("server.fetch.failed", .error(error))
            return .serverPatientFetchFailed(patientID: patient.id, "could not fetch the chart: \(UserMessage.describe(error))")
        }
    }

    static let noServer = "this session has no server to search: start emr with --server"
}
