/// A person's name in parts, so lists can sort by family name and banners can show "FAMILY, Given".
public struct PersonName: Hashable, Sendable {
    public var family: String?
    public var given: [String]
    public var prefix: [String]
    public var suffix: [String]
    /// The source's own full-text rendering, used when no parts are given.
    public var text: String?

    public init(family: String? = nil, given: [String] = [], prefix: [String] = [], suffix: [String] = [], text: String? = nil) {
        self.family = family
        self.given = given
        self.prefix = prefix
        self.suffix = suffix
        self.text = text
    }

    /// "Family, Given Middle": the order clinicians scan lists in.
    public var listName: String {
        let givenText = given.joined(separator: " ")
        switch (family?.isEmpty == false ? family : nil, givenText.isEmpty ? nil : givenText) {
        case let (family?, given?): return "\(family), \(given)"
        case let (family?, nil): return family
        case let (nil, given?): return given
        case (nil, nil): return text ?? "(no name)"
        }
    }
}
