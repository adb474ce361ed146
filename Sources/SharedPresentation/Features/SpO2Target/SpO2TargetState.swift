import CoreDomain

/// Setting or clearing a patient's prescribed SpO2 target of 88-92% (NEWS2 Scale 2): one
/// confirm step naming the patient (name, DOB, MRN, as the banner above it does), then the
/// outbox stores the record.
public struct SpO2TargetState: Equatable, Sendable {
    public enum Step: FormStep, Sendable {
        case confirming
        case saving
    }

    /// Whose target it is: named again at the confirm step, beside the banner (the screen
    /// keeps the chart it was started from).
    public var patient: Patient
    /// True sets the target; false clears the one in force.
    public var isSetting: Bool
    public var step: Step = .confirming
    /// Why the last save failed, shown whole at the confirm step.
    public var failure: String?

    public init(chart: ChartState, isSetting: Bool) {
        patient = chart.summary.value?.banner.patient ?? chart.listEntry.patient
        self.isSetting = isSetting
    }
}
