import SharedPresentation

/// TerminalUI draws the roles the view models assign; themes map them to colors and attributes.
public typealias Style = TextRole

extension TextRole {
    /// One letter per role for style snapshots in tests (`ScreenBuffer.styleSnapshot()`).
    public var snapshotCode: Character {
        switch self {
        case .normal: "."
        case .dim: "d"
        case .accent: "a"
        case .header: "h"
        case .footer: "f"
        case .footerKey: "k"
        case .banner: "b"
        case .border: "|"
        case .borderFocused: "#"
        case .selected: "S"
        case .selectedInactive: "s"
        case .tabActive: "T"
        case .tabInactive: "t"
        case .warning: "W"
        case .abnormal: "A"
        case .critical: "C"
        case .searchMatch: "m"
        case .input: "i"
        }
    }
}
