import Foundation

public struct AllergyIntolerance: Hashable, Sendable, Identifiable {
    public enum Criticality: String, Sendable, Hashable, CaseIterable {
        case low, high, unableToAssess
    }

    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case allergy, intolerance
    }

    public enum ClinicalStatus: String, Sendable, Hashable, CaseIterable {
        case active, inactive, resolved
    }

    public enum VerificationStatus: String, Sendable, Hashable, CaseIterable {
        case unconfirmed, confirmed, refuted, enteredInError
    }

    public enum Severity: String, Sendable, Hashable, CaseIterable {
        case mild, moderate, severe
    }

    public struct Reaction: Hashable, Sendable {
        public var manifestations: [CodedConcept]
        public var severity: Severity?

        public init(manifestations: [CodedConcept], severity: Severity? = nil) {
            self.manifestations = manifestations
            self.severity = severity
        }
    }

    /// SNOMED CT codes that record an explicit "no known allergy", which is a finding,
    /// not the absence of one (that would be "allergies not recorded").
    public static let noKnownAllergyCodes: Set<String> = [
        "716186003", // No known allergy
        "409137002", // No known drug allergy
        "429625007", // No known food allergy
        "428607008", // No known environmental allergy
    ]

    public var id: String
    public var patientID: String
    public var substance: CodedConcept
    public var criticality: Criticality?
    public var kind: Kind?
    public var clinicalStatus: ClinicalStatus?
    public var verificationStatus: VerificationStatus?
    public var reactions: [Reaction]
    public var recordedDate: Date?

    public init(
        id: String, patientID: String, substance: CodedConcept, criticality: Criticality? = nil,
        kind: Kind? = nil, clinicalStatus: ClinicalStatus? = nil, verificationStatus: VerificationStatus? = nil,
        reactions: [Reaction] = [], recordedDate: Date? = nil
    ) {
        self.id = id
        self.patientID = patientID
        self.substance = substance
        self.criticality = criticality
        self.kind = kind
        self.clinicalStatus = clinicalStatus
        self.verificationStatus = verificationStatus
        self.reactions = reactions
        self.recordedDate = recordedDate
    }

    /// True when this entry states "no known allergies" rather than naming a substance.
    public var isNoKnownAllergy: Bool {
        substance.codings.contains { $0.system == CodeSystem.snomed && Self.noKnownAllergyCodes.contains($0.code ?? "") }
    }
}
