/// The chart's own work for the runtime, for one patient; the answers come back as
/// `ChartAction`s for that patient (`ChartEffects` carries it out).
public enum ChartEffect: Equatable, Sendable {
    /// One tab read (`isRefresh`: read again after a sync changed the cache, not opened by the
    /// user, so not audited again: the opening was, and the sync is).
    case load(ChartTab, isRefresh: Bool = false)

    /// What stops it: every tab read goes when another patient's chart opens.
    var cancelID: EffectID { .chartLoads }
}

extension EffectID {
    /// The reads of the open chart's tabs: another patient's chart makes them moot, and a read
    /// cancelled before its answer is neither shown nor audited as viewed.
    public static let chartLoads = EffectID("chart.loads")
}
