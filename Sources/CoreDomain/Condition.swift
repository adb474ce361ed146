import Foundation

public struct Condition: Hashable, Sendable, Identifiable {
    public enum ClinicalStatus: String, Sendable, Hashable, CaseIterable {
        case active, recurrence, relapse, inactive, remission, resolved
    }

    public enum VerificationStatus: String, Sendable, Hashable, CaseIterable {
        case unconfirmed, provisional, differential, confirmed, refuted, enteredInError
    }

    public var id: String
    public var patientID: String
    public var code: CodedConcept
    public var clinicalStatus: ClinicalStatus?
    public var verificationStatus: VerificationStatus?
    public var onset: Date?
    public var recordedDate: Date?
    /// The encounter in which it was diagnosed, so the encounter's details can list it.
    public var encounterID: String?

    public init(
        id: String, patientID: String, code: CodedConcept, clinicalStatus: ClinicalStatus? = nil,
        verificationStatus: VerificationStatus? = nil, onset: Date? = nil, recordedDate: Date? = nil,
        encounterID: String? = nil
    ) {
        self.id = id
        self.patientID = patientID
        self.code = code
        self.clinicalStatus = clinicalStatus
        self.verificationStatus = verificationStatus
        self.onset = onset
        self.recordedDate = recordedDate
        self.encounterID = encounterID
    }
}
