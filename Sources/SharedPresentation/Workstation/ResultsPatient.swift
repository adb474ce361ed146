/// A census patient the listener named: their id, and their bed as the list shows it, for a
/// status line that names no one.
public struct ResultsPatient: Equatable, Sendable {
    public var id: String
    public var bed: String?

    public init(id: String, bed: String?) {
        self.id = id
        self.bed = bed
    }
}
