/// The due list's own work for the runtime; the answers come back as `WardDosesAction`s
/// (`WardDosesEffects` carries it out).
public enum WardDosesEffect: Equatable, Sendable {
    /// Read the due list of `ward` (nil: the whole census), recorded in the audit trail for each
    /// patient it shows (`isRefresh`: the open list again after the cache changed, not recorded again).
    case load(ward: String?, isRefresh: Bool = false)
}
