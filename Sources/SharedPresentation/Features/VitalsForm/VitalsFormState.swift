import CoreDomain
import CoreUseCases

/// The vitals entry form: what is typed per field, which field has the cursor, what the rules
/// refused, and the step: editing, confirming (the values and the patient banner shown for a
/// last check), or saving (handed to the outbox, waiting for it to say the entry is durable).
public struct VitalsFormState: Equatable, Sendable {
    public enum Step: FormStep, Sendable {
        case editing
        case confirming
        case saving
    }

    /// The longest text a field takes: for the time, a full date and time ("2026-06-27 14:05");
    /// for a value, room for "101.2 °F" and a slip, and no more, so that on the narrowest
    /// screen the box still leaves its unit whole.
    public static func maximumLength(_ field: VitalsField) -> Int {
        field == .time ? 16 : 10
    }

    /// Whom the form charts for, read from the chart it was opened on (the screen keeps that
    /// chart, for the banner): a list refresh that opens another chart meanwhile cannot change it.
    public var patientID: String
    /// Their age on the day charted scores NEWS2.
    public var birthDate: PartialDate?
    /// The latest charted values, beside each field and for the plausible-change check.
    public var latestVitals: [VitalReading]
    /// An SpO2 target of 88-92% is in force: SpO2 is checked and scored on Scale 2.
    public var isSpO2TargetSet: Bool
    public var input = VitalsFormInput()
    public var focus: VitalsField = .heartRate
    /// The message for each field the last check refused; editing a field clears its message.
    public var refusals: [VitalsField: String] = [:]
    public var step: Step = .editing
    /// What the last check accepted, as the confirm step shows it and the save stores it.
    public var review: VitalsReview?
    /// Esc was pressed once on a form with values: a second Esc discards them.
    public var isDiscardPending = false
    /// Why the last save failed, shown whole at the confirm step (the status line may be too narrow).
    public var failure: String?

    /// The form for the chart shown, from its loaded summary (the list row before it loads).
    public init(chart: ChartState) {
        let summary = chart.summary.value
        patientID = chart.patientID
        birthDate = (summary?.banner.patient ?? chart.listEntry.patient).birthDate
        latestVitals = summary?.latestVitals ?? []
        isSpO2TargetSet = summary?.isSpO2TargetSet ?? false
    }

    /// True when anything was typed or chosen, so leaving would lose it.
    public var hasInput: Bool {
        input.onOxygen != nil || input.device != nil || input.text.values.contains { !$0.isEmpty }
    }

    /// The fields the form asks, in Tab order: on room air, not the device, flow and FiO2.
    public var fields: [VitalsField] {
        VitalsField.allCases.filter { input.onOxygen == true || !$0.isAskedOnOxygenOnly }
    }

    /// The latest charted reading behind `field`.
    public func previous(_ field: VitalsField) -> VitalReading? {
        let sign: VitalSign
        switch field {
        case .heartRate: sign = .heartRate
        case .systolic: sign = .bloodPressure
        case .temperature: sign = .temperature
        case .respiratoryRate: sign = .respiratoryRate
        case .oxygenSaturation: sign = .oxygenSaturation
        case .weight: sign = .weight
        case .painScore: sign = .painScore
        case .time, .diastolic, .oxygen, .oxygenDevice, .oxygenFlow, .oxygenFraction, .consciousness: return nil
        }
        return latestVitals.first { $0.sign == sign }
    }
}
