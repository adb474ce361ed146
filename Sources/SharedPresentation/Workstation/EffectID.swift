/// What the state can stop by name once started: a timer, or work in flight of one kind. The
/// state says when (a chart of another patient opened); the store keeps the running tasks by
/// this id and drops whatever a cancelled one would still have answered.
public enum EffectID: Hashable, Sendable {
    case timer(WorkstationTimer)
    /// The reads of the open chart's tabs: another patient's chart makes them moot, and a read
    /// cancelled before its answer is neither shown nor audited as viewed.
    case chartLoads
}
