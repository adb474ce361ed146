/// What the patient list asks for: a search text, a ward, an order, and a page.
public struct PatientSearch: Hashable, Sendable {
    public var text: String
    public var ward: String?
    /// Highest NEWS2 first (ties: the round due soonest, the most overdue, first; patients
    /// without a score last), instead of by bed.
    public var byEarlyWarning: Bool
    public var offset: Int
    public var limit: Int

    public init(text: String = "", ward: String? = nil, byEarlyWarning: Bool = false, offset: Int = 0, limit: Int = 200) {
        self.text = text
        self.ward = ward
        self.byEarlyWarning = byEarlyWarning
        self.offset = max(0, offset)
        self.limit = max(1, limit)
    }
}

/// One page of matching rows, with the total so the list can say "12 of 240".
public struct PatientPage: Hashable, Sendable {
    public var entries: [PatientListEntry]
    public var total: Int

    public init(entries: [PatientListEntry], total: Int) {
        self.entries = entries
        self.total = total
    }
}
