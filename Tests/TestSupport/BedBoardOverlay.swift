import CoreDomain
import SharedPresentation

/// An overlay written only for the tests, as a newcomer would add one: its state, actions,
/// effect, update, view and keys in one place, registered by one line
/// (`OverlayKind.registered + [BedBoardState.kind]` in the tests; a line in
/// `OverlayKind.registered` in the app). It uses only the module's public surface.
public struct BedBoardState: Overlay {
    public var beds: Loadable<[PatientListEntry]> = .loading
    public var position = ScrollPosition()

    public enum Action: OverlayAction {
        case key(InputKey)
        case loaded([PatientListEntry])
    }

    public enum Effect: Equatable, Sendable {
        case read(ward: String?)
    }

    public static let open = KeyBinding([.character("b")], "b", "the bed board", footer: "b beds")
    public static let keys = [
        KeyBinding(ScrollMove.keys, "↑↓ PgUp PgDn g G", "choose a bed", footer: "↑↓ choose"),
        KeyBinding([.enter], "Enter", "the chosen patient's results", footer: "Enter results"),
        KeyBinding([.escape], "Esc", "back to the list", footer: "Esc back"),
    ]
    public static let descriptor = OverlayDescriptor(name: "bed-board", opensWith: open, help: ("Bed board (b)", keys))

    public static func open(_ session: SessionInfo) -> (BedBoardState, [Effect]) {
        (BedBoardState(), [.read(ward: session.wardFilter)])
    }

    public static func run(_ effect: Effect, with sources: OverlaySources) async -> Action {
        switch effect {
        case let .read(ward): .loaded((try? await sources.directory.listEntries(ward: ward)) ?? [])
        }
    }

    public mutating func update(_ action: Action, in context: RegionContext) -> FeatureStep<OverlayDelegate, Effect> {
        switch action {
        case let .loaded(entries):
            beds = .loaded(entries.sorted { ($0.location?.label ?? "") < ($1.location?.label ?? "") })
            fit(context)
            return .none
        case let .key(key):
            let entries = beds.value ?? []
            if let move = ScrollMove(key) {
                position = content(width: context.width, context: context.view).moved(position, move, height: context.height)
                return .none
            }
            switch key {
            case .escape: return .tell(.close)
            case .enter where entries.indices.contains(position.selected): return .tell(.openChart(entries[position.selected], .results, nil))
            default: return .none
            }
        }
    }

    public var title: String { "Bed board" }

    public var bindings: [KeyBinding] { Self.keys }

    public func content(width: Int, context: ViewContext) -> ScrollContent {
        beds.content { entries in
            let lines = entries.enumerated().map { index, entry in
                StyledLine("\(entry.location?.label ?? "no bed")  \(entry.patient.name.family ?? "")", index == position.selected ? .selected : .normal)
            }
            return ScrollContent(lines: lines, items: lines.indices.map { ScrollItem(lines: $0..<($0 + 1)) })
        }
    }

    public mutating func fit(_ context: RegionContext) {
        position = content(width: context.width, context: context.view).fitted(position, height: context.height)
    }

    public func refresh(_ session: SessionInfo) -> [Effect] { [.read(ward: session.wardFilter)] }

    public init() {}
}
