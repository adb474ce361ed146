import CoreDomain
import Foundation

/// Turns vital-sign observations into readings.
///
/// Only results whose status is final, amended, corrected or preliminary are used (never
/// registered, cancelled, entered in error or unknown), and only those with a time and a
/// numeric value: an undated value cannot be placed on a chart. Blood pressure comes from the
/// 85354-9 panel's components, or from separate 8480-6 / 8462-4 observations paired by their
/// exact time and performer (an unpaired half becomes a reading with the other half missing;
/// halves by two people are never one reading, see `VitalReading.performer`). The history
/// (`history(from:)`) adds the results entered in error, marked, because a correction hides a
/// value from the latest and the trends but never from the record.
public enum VitalReadingBuilder {
    public static let reportableStatuses: Set<Observation.Status> = [.final, .amended, .corrected, .preliminary]

    /// Every reading in `observations`, newest first.
    public static func readings(from observations: [Observation]) -> [VitalReading] {
        build(observations.filter { reportableStatuses.contains($0.status) }, enteredInError: false)
    }

    /// Every reading plus those entered in error (marked `isEnteredInError`), newest first.
    /// Erroneous halves are paired only with each other, so a correction never joins a valid value.
    public static func history(from observations: [Observation]) -> [VitalReading] {
        let erroneous = build(observations.filter { $0.status == .enteredInError }, enteredInError: true)
        return (readings(from: observations) + erroneous).sorted(by: VitalReading.newestFirst)
    }

    private static func build(_ observations: [Observation], enteredInError: Bool) -> [VitalReading] {
        var readings: [VitalReading] = []
        var halves: [HalvesKey: (systolic: [Observation], diastolic: [Observation])] = [:]
        for observation in observations {
            guard let sign = observation.vitalSign, let effective = observation.effective else { continue }
            switch sign {
            case .systolic where observation.value?.quantity != nil:
                halves[HalvesKey(effective: effective, performer: observation.performer), default: ([], [])].systolic.append(observation)
            case .diastolic where observation.value?.quantity != nil:
                halves[HalvesKey(effective: effective, performer: observation.performer), default: ([], [])].diastolic.append(observation)
            case .bloodPressure:
                let systolic = observation.component(loinc: VitalSign.systolic.loinc)?.value?.quantity
                let diastolic = observation.component(loinc: VitalSign.diastolic.loinc)?.value?.quantity
                guard systolic != nil || diastolic != nil else { continue }
                readings.append(VitalReading(
                    sign: .bloodPressure, effective: effective, value: .bloodPressure(systolic: systolic, diastolic: diastolic),
                    flag: AbnormalFlagRule.flag(for: observation), observationIDs: [observation.id],
                    delivery: observation.delivery, isEnteredInError: enteredInError, performer: observation.performer))
            default:
                guard let quantity = observation.value?.quantity else { continue }
                readings.append(VitalReading(
                    sign: sign, effective: effective, value: .single(quantity),
                    flag: AbnormalFlagRule.flag(for: observation), observationIDs: [observation.id],
                    delivery: observation.delivery, isEnteredInError: enteredInError, performer: observation.performer,
                    oxygen: sign == .oxygenSaturation ? OxygenUseRule.oxygen(observation) : nil))
            }
        }
        for (key, pair) in halves {
            readings += pairedReadings(at: key, systolic: pair.systolic, diastolic: pair.diastolic, enteredInError: enteredInError)
        }
        return withoutCopies(readings).sorted(by: VitalReading.newestFirst)
    }

    /// One reading for a value a source reported twice (a blood pressure as a panel and as
    /// halves, or the same observation under two ids): the same sign, time, performer and
    /// numbers are one reading carrying every observation id, so the table shows one row and a
    /// correction marks every copy.
    private static func withoutCopies(_ readings: [VitalReading]) -> [VitalReading] {
        struct Key: Hashable {
            var sign: VitalSign
            var effective: Date
            var performer: String?
            var numbers: [Decimal?]
        }
        var kept: [VitalReading] = []
        var index: [Key: Int] = [:]
        for reading in readings {
            let numbers: [Decimal?] = switch reading.value {
            case .single(let quantity): [quantity.value]
            case .bloodPressure(let systolic, let diastolic): [systolic?.value, diastolic?.value]
            }
            let key = Key(sign: reading.sign, effective: reading.effective, performer: reading.performer, numbers: numbers)
            guard let position = index[key] else {
                index[key] = kept.count
                kept.append(reading)
                continue
            }
            kept[position].observationIDs = (kept[position].observationIDs + reading.observationIDs).sorted()
            kept[position].flag = AbnormalFlag.worst([kept[position].flag, reading.flag])
            kept[position].delivery = .leastSettled([kept[position].delivery, reading.delivery])
        }
        return kept
    }

    /// Separately recorded halves pair only when taken at the same time by the same performer.
    private struct HalvesKey: Hashable {
        var effective: Date
        var performer: String?
    }

    /// Separately recorded halves at one time by one performer, paired in id order.
    private static func pairedReadings(
        at key: HalvesKey, systolic: [Observation], diastolic: [Observation], enteredInError: Bool
    ) -> [VitalReading] {
        let systolic = systolic.sorted { $0.id < $1.id }, diastolic = diastolic.sorted { $0.id < $1.id }
        return (0..<max(systolic.count, diastolic.count)).map { index in
            let sys = index < systolic.count ? systolic[index] : nil
            let dia = index < diastolic.count ? diastolic[index] : nil
            let parts = [sys, dia].compactMap { $0 }
            return VitalReading(
                sign: .bloodPressure, effective: key.effective,
                value: .bloodPressure(systolic: sys?.value?.quantity, diastolic: dia?.value?.quantity),
                flag: AbnormalFlag.worst(parts.map(AbnormalFlagRule.flag(for:))), observationIDs: parts.map(\.id),
                delivery: .leastSettled(parts.map(\.delivery)), isEnteredInError: enteredInError, performer: key.performer)
        }
    }
}
