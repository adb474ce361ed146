import CoreDomain
import Foundation

/// The pre-administration checks of one order against the chart (`PreDoseCheckSettings` says
/// which): for each, the last value charted (final, amended, corrected or preliminary, with a
/// time not after now; a systolic also inside a blood-pressure panel) and its age, and whether
/// it is fresh enough, too old, or missing. A value too old or missing is to be charted first
/// (the vitals form, a glucose entry), or the dose given with a reason (an override).
public enum PreDoseCheckRule {
    public static func results(
        for order: MedicationRequest, observations: [Observation], settings: PreDoseCheckSettings, at now: Date, calendar: Calendar
    ) -> [PreDoseCheckResult] {
        settings.requirements(for: order).map { requirement in
            let last = latest(requirement.measure, in: observations, at: now)
            let status: PreDoseCheckResult.Status
            switch (last, requirement.freshness) {
            case (nil, _): status = .missing
            case let (reading?, .within(bound)): status = reading.age <= bound ? .current : .tooOld
            case let (reading?, .today): status = calendar.isDate(reading.taken, inSameDayAs: now) ? .current : .tooOld
            }
            return PreDoseCheckResult(requirement: requirement, last: last, status: status)
        }
    }

    private static func latest(_ measure: PreDoseMeasure, in observations: [Observation], at now: Date) -> PreDoseReading? {
        var newest: PreDoseReading?
        for observation in observations where VitalReadingBuilder.reportableStatuses.contains(observation.status) {
            guard let taken = observation.effective, taken <= now, newest.map({ taken > $0.taken }) ?? true,
                  let value = value(of: measure, in: observation) else { continue }
            newest = PreDoseReading(value: value, taken: taken, age: now.timeIntervalSince(taken), observationID: observation.id,
                                    flag: AbnormalFlagRule.flag(for: observation))
        }
        return newest
    }

    /// The measure's value in `observation`: its own value under one of its codes, or its
    /// component inside its panel.
    private static func value(of measure: PreDoseMeasure, in observation: Observation) -> Quantity? {
        let codes = Set(observation.code.codings.filter { $0.system == CodeSystem.loinc }.compactMap(\.code))
        if !codes.isDisjoint(with: measure.loincCodes) { return observation.value?.quantity }
        guard let panel = measure.panel, codes.contains(panel) else { return nil }
        return measure.loincCodes.lazy.compactMap { observation.component(loinc: $0)?.value?.quantity }.first
    }
}

/// One pre-administration check's answer.
public struct PreDoseCheckResult: Hashable, Sendable {
    public enum Status: Hashable, Sendable {
        /// Charted recently enough.
        case current
        /// Charted, longer ago than the check allows (or not today).
        case tooOld
        /// Never charted.
        case missing
    }

    public var requirement: PreDoseRequirement
    public var last: PreDoseReading?
    public var status: Status

    public init(requirement: PreDoseRequirement, last: PreDoseReading?, status: Status) {
        self.requirement = requirement
        self.last = last
        self.status = status
    }

    /// The dose cannot go ahead on this check alone: chart the value first, or give a reason.
    public var needsAnswer: Bool { status != .current }

    /// `heart rate 58 /min 1 h 20 min ago`; `heart rate 58 /min 5 h ago is older than 4 h: chart
    /// it first or give a reason`; `INR 2 15 h ago is not today's: ...`; `no heart rate charted: ...`.
    public var sentence: String {
        let measure = requirement.measure.rawValue
        guard let last else { return "no \(measure) charted: \(Self.ask)" }
        let reading = "\(measure) \(last.valueText) \(last.ageText)"
        switch (status, requirement.freshness) {
        case (.current, _), (.missing, _): return reading
        case (.tooOld, .today): return "\(reading) is not today's: \(Self.ask)"
        case (.tooOld, .within): return "\(reading) is older than \(requirement.freshnessText.dropFirst("within ".count)): \(Self.ask)"
        }
    }

    static let ask = "chart it first or give a reason"
}

/// The last value charted for a check.
public struct PreDoseReading: Hashable, Sendable {
    public var value: Quantity
    public var taken: Date
    /// How long before now it was taken.
    public var age: TimeInterval
    public var observationID: String
    /// Its abnormal flag, as the chart shows it (`58 L`).
    public var flag: AbnormalFlag

    public init(value: Quantity, taken: Date, age: TimeInterval, observationID: String, flag: AbnormalFlag = .normal) {
        self.value = value
        self.taken = taken
        self.age = age
        self.observationID = observationID
        self.flag = flag
    }

    /// `58 /min`, `7 mmol/L`; a UCUM annotation (`{INR}`) is no unit to read, so `2.4`.
    public var valueText: String {
        let unit = value.unit ?? value.ucumCode ?? ""
        return unit.isEmpty || (unit.hasPrefix("{") && unit.hasSuffix("}")) ? "\(value.value)" : "\(value.value) \(unit)"
    }

    /// `10 min ago`, `1 h 20 min ago`, `5 h ago`, `3 d ago` (from two days).
    public var ageText: String {
        let minutes = Int(age / 60)
        if minutes < 60 { return "\(minutes) min ago" }
        if minutes >= 48 * 60 { return "\(minutes / 1440) d ago" }
        return "\(minutes / 60) h" + (minutes % 60 == 0 ? "" : " \(minutes % 60) min") + " ago"
    }
}
