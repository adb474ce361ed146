/// A place in the hospital. Beds sit in rooms, rooms in wards (`partOfID`).
public struct Location: Hashable, Sendable, Identifiable {
    public enum Kind: String, Sendable, Hashable {
        case ward, room, bed, building, site, other
    }

    public var id: String
    public var name: String
    public var kind: Kind
    public var partOfID: String?

    public init(id: String, name: String, kind: Kind, partOfID: String? = nil) {
        self.id = id
        self.name = name
        self.kind = kind
        self.partOfID = partOfID
    }
}

/// Where a patient is, resolved to the names a nurse uses: ward, room, bed.
public struct BedLocation: Hashable, Sendable {
    public var ward: String?
    public var room: String?
    public var bed: String?

    public init(ward: String? = nil, room: String? = nil, bed: String? = nil) {
        self.ward = ward
        self.room = room
        self.bed = bed
    }

    /// The most specific name known, with its ward: "4W · Bed 12".
    public var label: String {
        [ward, bed ?? room].compactMap { $0 }.joined(separator: " · ")
    }
}
