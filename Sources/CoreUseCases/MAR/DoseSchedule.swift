/// When an order's doses fall, as far as its timing says.
public enum DoseSchedule: Hashable, Sendable {
    /// Every day at these times of the ward's clock.
    case daily([ClockTime])
    /// At these times every other day, counting from the order's first day.
    case everyOtherDay([ClockTime])
    /// As needed (PRN): listed, never due.
    case asNeeded
    /// A continuous infusion (a rate and no timing): started, changed, paused and stopped,
    /// never due at a time (`Infusion`).
    case continuous
    /// The times cannot be worked out: the order must be checked, never guessed. `reason`
    /// says what is missing, in the nurse's words.
    case unclear(String)
}
