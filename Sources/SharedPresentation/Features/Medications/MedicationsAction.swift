import CoreUseCases

/// What happens on the Meds tab.
public enum MedicationsAction: Equatable, Sendable {
    case key(InputKey)
}

/// What the Meds tab tells the chart.
public enum MedicationsDelegate: Equatable, Sendable {
    /// Not a Meds key: the chart's own (scrolling, a tab key, Esc).
    case unhandled(InputKey)
    /// `r` on the MAR: record the chosen dose.
    case recordDose(ScheduledDose)
    /// `x` on the MAR: mark what was recorded for the chosen dose entered in error.
    case correctDose(ScheduledDose)
    /// `e` on a PRN line of the MAR: record how well its last dose worked.
    case recordEffect(ScheduledDose)
    /// `r` on an infusion: start it, change its rate, pause, resume or stop it.
    case recordInfusion(Infusion)
}
