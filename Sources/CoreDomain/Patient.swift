import Foundation

public enum AdministrativeGender: String, Sendable, Hashable, CaseIterable {
    case male, female, other, unknown

    /// One letter for lists and banners.
    public var letter: String {
        switch self {
        case .male: "M"
        case .female: "F"
        case .other: "X"
        case .unknown: "U"
        }
    }
}

public struct Patient: Hashable, Sendable, Identifiable {
    public var id: String
    /// The medical record number: the identifier typed MR, else the first identifier.
    public var mrn: String?
    public var name: PersonName
    public var birthDate: PartialDate?
    public var gender: AdministrativeGender
    public var isDeceased: Bool
    public var deceasedAt: Date?

    public init(
        id: String, mrn: String? = nil, name: PersonName, birthDate: PartialDate? = nil,
        gender: AdministrativeGender = .unknown, isDeceased: Bool = false, deceasedAt: Date? = nil
    ) {
        self.id = id
        self.mrn = mrn
        self.name = name
        self.birthDate = birthDate
        self.gender = gender
        self.isDeceased = isDeceased
        self.deceasedAt = deceasedAt
    }
}
