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

extension Array where Element: RegisteredFeature {
    /// A registry as written, refused when two entries share a name: a duplicate name silently
    /// showed another feature's state in its place. The trap comes at the registry's first use,
    /// so every test run, and any start of `emr`, stops on it at once, naming the entry.
    static func registry(_ entries: [Element]) -> [Element] {
        var names = Set<String>()
        for entry in entries {
            precondition(names.insert(entry.name).inserted, "\(entry.name) is registered twice")
        }
        return entries
    }
}
