import CoreDomain
import Foundation

/// What the vitals form holds: the text of each typed field and the two choices.
public struct VitalsFormInput: Hashable, Sendable {
    /// A missing field is an empty one.
    public var text: [VitalsField: String]
    /// Supplemental oxygen (true) or room air (false); nil until the nurse chooses. Never
    /// chosen for them: a default of room air left a patient on oxygen 2 NEWS2 points short.
    public var onOxygen: Bool?
    /// The O2 device picked; kept, like the flow and FiO2 typed, while room air hides them.
    public var device: OxygenDevice?

    public init(text: [VitalsField: String] = [:], onOxygen: Bool? = nil, device: OxygenDevice? = nil) {
        self.text = text
        self.onOxygen = onOxygen
        self.device = device
    }
}

/// The vitals form's rules, all at once so every refused field gets its message in one go.
/// Each field: see `VitalsFieldParser` and `ChartingTimeParser`. Across fields: blood pressure
/// needs both halves and systolic above diastolic; oxygen is recorded with SpO2, so choosing
/// oxygen needs an SpO2 value, and names its device, whose flow range the flow is judged by.
/// On room air the device, flow and FiO2 are not asked: whatever they hold is neither checked
/// nor saved (the form hides them, and keeps them should O2 be chosen again). With neither
/// chosen, SpO2 is saved without either, and the entry's NEWS2 is incomplete (`no air/O2`).
public enum VitalsFormValidation {
    public enum Outcome: Hashable, Sendable {
        case valid(VitalsReview)
        /// Every refused field with its message.
        case refused([VitalsField: VitalsRefusal])
        /// No value typed: nothing to save.
        case nothingEntered
    }

    static let bothHalves = VitalsRefusal("blood pressure needs both systolic and diastolic")
    static let systolicAbove = VitalsRefusal("systolic must be above diastolic")
    static let deviceNeeded = VitalsRefusal("O2 device: \(OxygenDevice.choices) (or set room air)")
    static let oxygenNeedsSaturation = VitalsRefusal("SpO2 is needed when oxygen is recorded (or set room air)")

    /// `age` in years, when known: the confirm step's NEWS2 is not given under 16. `scale2`: an
    /// SpO2 target of 88-92% is in force, so its SpO2 is scored on Scale 2.
    public static func validate(
        _ input: VitalsFormInput, patientID: String, now: Date, calendar: Calendar, age: Int? = nil, scale2: Bool = false
    ) -> Outcome {
        var refusals: [VitalsField: VitalsRefusal] = [:]
        func accept<Value>(_ field: VitalsField, _ result: Result<Value?, VitalsRefusal>) -> Value? {
            switch result {
            case let .success(value): return value
            case let .failure(refusal):
                refusals[field] = refusal
                return nil
            }
        }
        func number(_ field: VitalsField) -> Decimal? {
            accept(field, VitalsFieldParser.number(input.text[field] ?? "", for: field))
        }
        let effective = accept(.time, ChartingTimeParser.time(input.text[.time] ?? "", now: now, calendar: calendar).map(Optional.some))
        let temperature = accept(.temperature, VitalsFieldParser.temperature(input.text[.temperature] ?? ""))
        var entry = VitalsEntry(
            patientID: patientID, effective: effective ?? now, heartRate: number(.heartRate), systolic: number(.systolic),
            diastolic: number(.diastolic), temperature: temperature?.celsius, respiratoryRate: number(.respiratoryRate),
            oxygenSaturation: number(.oxygenSaturation), weight: number(.weight),
            painScore: number(.painScore).map { NSDecimalNumber(decimal: $0).intValue },
            consciousness: accept(.consciousness, VitalsFieldParser.consciousness(input.text[.consciousness] ?? "")))
        var oxygen: VitalsEntry.Oxygen? = input.onOxygen == false ? .roomAir : nil
        if input.onOxygen == true {
            if isEmpty(.oxygenSaturation, input) { refusals[.oxygenSaturation] = oxygenNeedsSaturation }
            if input.device == nil { refusals[.oxygenDevice] = deviceNeeded }
            let flowRange = input.device.map(VitalsEntryRange.flowRange(for:)) ?? VitalsEntryRange.range(for: .oxygenFlow)!
            let flow = accept(.oxygenFlow, VitalsFieldParser.number(input.text[.oxygenFlow] ?? "", in: flowRange))
            oxygen = .supplemental(device: input.device, litresPerMinute: flow, fractionPercent: number(.oxygenFraction))
        }
        checkBloodPressure(entry, input: input, refusals: &refusals)

        guard refusals.isEmpty else { return .refused(refusals) }
        guard !entry.isEmpty else { return .nothingEntered }
        if entry.oxygenSaturation != nil { entry.oxygen = oxygen }
        return .valid(VitalsReview(entry: entry, typedFahrenheit: temperature?.typedFahrenheit, age: age, scale2: scale2))
    }

    /// Both halves or neither; systolic above diastolic. Only judged when both halves were readable.
    private static func checkBloodPressure(_ entry: VitalsEntry, input: VitalsFormInput, refusals: inout [VitalsField: VitalsRefusal]) {
        guard refusals[.systolic] == nil, refusals[.diastolic] == nil else { return }
        switch (entry.systolic, entry.diastolic) {
        case let (systolic?, diastolic?) where systolic <= diastolic:
            refusals[.systolic] = systolicAbove
        case (_?, nil):
            refusals[.diastolic] = bothHalves
        case (nil, _?):
            refusals[.systolic] = bothHalves
        default:
            break
        }
    }

    private static func isEmpty(_ field: VitalsField, _ input: VitalsFormInput) -> Bool {
        (input.text[field] ?? "").trimmingCharacters(in: .whitespaces).isEmpty
    }
}
