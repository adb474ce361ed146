/// An entry in one of the centre's registries (a chart tab, a charting form): two entries are
/// the same when their stable names are, whatever else they carry.
public protocol RegisteredFeature: Hashable, Sendable, CustomStringConvertible {
    var name: String { get }
}

extension RegisteredFeature {
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.name == rhs.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
    public var description: String { name }
}
