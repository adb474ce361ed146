/// What the state can stop by name once started: a timer, or work in flight of one kind. Each
/// part declares its own names beside its effects (`EffectID.chartLoads`); the store keeps the
/// running tasks by this id and drops whatever a cancelled one would still have answered.
public struct EffectID: Hashable, Sendable {
    private let name: String
    /// The timer this id stops, for an id made by `timer(_:)`: the store keeps timers apart.
    let timer: WorkstationTimer?

    public init(_ name: String) {
        self.name = name
        timer = nil
    }

    private init(timer: WorkstationTimer) {
        name = "timer.\(timer)"
        self.timer = timer
    }

    /// A timer the state owns: at most one of each is pending.
    public static func timer(_ timer: WorkstationTimer) -> EffectID { EffectID(timer: timer) }
}
