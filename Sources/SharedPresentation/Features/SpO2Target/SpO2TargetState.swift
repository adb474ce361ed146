/// Setting or clearing a patient's prescribed SpO2 target of 88-92% (NEWS2 Scale 2): one
/// confirm step naming the patient (name, DOB, MRN, as the banner above it does), then the
/// outbox stores the record.
public struct SpO2TargetState: Equatable, Sendable {
    public enum Step: Equatable, Sendable {
        case confirming
        case saving
    }

    /// The chart it was started from; its banner heads the screen.
    public var chart: ChartState
    /// True sets the target; false clears the one in force.
    public var isSetting: Bool
    public var step: Step = .confirming
    /// Why the last save failed, shown whole at the confirm step.
    public var failure: String?

    public init(chart: ChartState, isSetting: Bool) {
        self.chart = chart
        self.isSetting = isSetting
    }
}
