/// A clinician named on encounters and orders.
public struct Practitioner: Hashable, Sendable, Identifiable {
    public var id: String
    public var name: PersonName

    public init(id: String, name: PersonName) {
        self.id = id
        self.name = name
    }
}
