/// A charting form's work for the runtime; the answer comes back as a `ChartingAction` for the
/// patient saved for (`ChartingEffects` carries it out).
public enum ChartingEffect: Equatable, Sendable {
    /// Store what a form confirmed in the outbox, with its audit entries (`ChartingWrite`).
    case save(ChartingSave)
}
