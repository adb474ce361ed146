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
    /// The medical record number: the identifier typed MR, else the first identifier (then
    /// `identifierLabel` names what it is).
    public var mrn: String?
    /// What `mrn` is when the record has no identifier typed MR: its type or system in words
    /// (`Passport`, `SS`, `driver-license`), so it is never passed off as an MRN. Nil for an MRN.
    public var identifierLabel: String?
    public var name: PersonName
    public var birthDate: PartialDate?
    public var gender: AdministrativeGender
    public var isDeceased: Bool
    public var deceasedAt: Date?

    public init(
        id: String, mrn: String? = nil, name: PersonName, birthDate: PartialDate? = nil,
        gender: AdministrativeGender = .unknown, isDeceased: Bool = false, deceasedAt: Date? = nil,
        identifierLabel: String? = nil
    ) {
        self.id = id
        self.mrn = mrn
        self.identifierLabel = identifierLabel
        self.name = name
        self.birthDate = birthDate
        self.gender = gender
        self.isDeceased = isDeceased
        self.deceasedAt = deceasedAt
    }

    /// `MRN 12345`, `Passport X1234567` for a record without one, `record pt-17` for a record
    /// with no identifier at all: the second identifier a banner shows beside the name.
    public var identifierText: String {
        guard let mrn else { return "record \(id)" }
        return "\(identifierLabel ?? "MRN") \(mrn)"
    }
}
