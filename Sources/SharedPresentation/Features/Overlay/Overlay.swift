import CoreDomain
import CoreUseCases

/// A screen over both panes, opened by a key on the patient list (the ward's due list): a
/// feature of its own, with its state, actions, effects, update, view and keys in its folder.
/// The workstation holds the open one as an `OverlayScreen` and never looks inside it;
/// `OverlayKind.registered` is the one list that makes an overlay openable.
/// Its `update` takes a key or an answer to its effects, in the region it is drawn in, and
/// answers with its own effects (carried out by `run`) and `close` or `openChart`.
public protocol Overlay: Feature, Equatable, Sendable
where Action: OverlayAction, Delegate == OverlayDelegate, Context == RegionContext, Effect: Equatable & Sendable {

    /// Its stable name, the key that opens it and its block on the `?` screen.
    static var descriptor: OverlayDescriptor { get }

    /// The overlay as `session` opens it, and the work that fills it.
    static func open(_ session: SessionInfo) -> (Self, [Effect])

    /// Carries out one of its effects over the workstation's sources (the census, the charts,
    /// the audit trail); what it reads for the screen is recorded there as viewed.
    static func run(_ effect: Effect, with sources: OverlaySources) async -> Action

    /// The title of its frame: short enough for the smallest screen's.
    var title: String { get }

    /// Its lines, `width` columns wide, with the item chosen.
    func content(width: Int, context: ViewContext) -> ScrollContent

    /// The first line shown and the item chosen.
    var position: ScrollPosition { get }

    /// The keys it takes (the footer and `?` list them; no other key reaches it).
    var bindings: [KeyBinding] { get }

    /// Keeps the position within what `context` draws (after a resize).
    mutating func fit(_ context: RegionContext)

    /// The work that reads it again after the cache changed under it (not recorded as a new view).
    func refresh(_ session: SessionInfo) -> [Effect]
}

/// An overlay's action type: each has a key case, so the workstation can hand it the keys.
public protocol OverlayAction: Equatable, Sendable {
    static func key(_ key: InputKey) -> Self
}

/// What an overlay tells the workstation.
public enum OverlayDelegate: Equatable, Sendable {
    /// Esc: back to where it was opened from.
    case close
    /// A patient's chart on `tab`, focused on what the tab brings forward (`focus`).
    case openChart(PatientListEntry, ChartTab, ChartFocus?)
}

/// What an overlay is called and which keys open and work it, for the list and `?`.
public struct OverlayDescriptor: Sendable {
    /// Its stable name: its identity, and its name in the audit trail.
    public var name: String
    /// The key on the patient list that opens it (listed in the list's footer and `?`).
    public var opensWith: KeyBinding
    /// Its block on the `?` screen.
    public var help: (title: String, bindings: [KeyBinding])

    public init(name: String, opensWith: KeyBinding, help: (title: String, bindings: [KeyBinding])) {
        self.name = name
        self.opensWith = opensWith
        self.help = help
    }
}

extension Overlay {
    /// This overlay's entry for `OverlayKind.registered`.
    public static var kind: OverlayKind { OverlayKind(Self.self) }

    func isEqual(to other: any Overlay) -> Bool { (other as? Self) == self }
}
