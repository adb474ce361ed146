import CoreDomain

/// The patient list: one page of the census matching the search text and ward, in list order
/// (see `PatientSearchIndex` for the matching and ordering rules every directory applies).
public struct LoadPatientList: Sendable {
    private let directory: any PatientDirectory

    public init(directory: any PatientDirectory) {
        self.directory = directory
    }

    public func callAsFunction(_ search: PatientSearch) async throws -> PatientPage {
        try await directory.search(search)
    }
}
