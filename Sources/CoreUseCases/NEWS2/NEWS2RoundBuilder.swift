import CoreDomain
import Foundation

/// Finds NEWS2 rounds in a patient's observations, as servers and this workstation record them.
///
/// - Numbers: the standing vital-sign readings (`VitalReadingBuilder`): RR, SpO2, systolic BP,
///   HR, T.
/// - Consciousness: an Observation coded SNOMED CT 1104441000000107 (ACVPU scale score), LOINC
///   80288-4 (level of consciousness) or 67775-7 (level of responsiveness) whose value is one of
///   `Consciousness.snomedCodes`.
/// - Air or oxygen: as `OxygenUseRule` reads it, from the SpO2 Observation or one of its own.
///
/// A round is one source's readings, newest first, within 30 minutes of its newest, one per
/// parameter (the newest); each is scored by `NEWS2Rule`, SpO2 on Scale 2 when a target of
/// 88-92% was in force at the round's time (`SpO2TargetRule`).
public enum NEWS2RoundBuilder {
    static let consciousnessCodes: Set<String> = [Consciousness.scaleCode, "80288-4", "67775-7"]
    /// LOINC 82810-3, pregnancy status; SNOMED CT 77386006, pregnant.
    static let pregnancyStatus = "82810-3"
    static let pregnant = "77386006"

    private struct Piece {
        var parameter: NEWS2Parameter
        var time: Date
        var performer: String?
        var ids: [String]
        var number: Decimal?
        var level: Consciousness?
        var onOxygen: Bool?
    }

    /// Newest round first. `age` in years.
    public static func rounds(from observations: [Observation], age: Int? = nil) -> [NEWS2Round] {
        let pregnant = isPregnant(observations)
        let targets = SpO2TargetRule.records(observations)
        var pieces: [Piece] = []
        for reading in VitalReadingBuilder.readings(from: observations) {
            let base = Piece(parameter: .pulse, time: reading.effective, performer: reading.performer, ids: reading.observationIDs)
            switch (reading.sign, reading.value) {
            case (.heartRate, .single(let quantity)): pieces.append(with(base, .pulse, number: quantity.value))
            case (.respiratoryRate, .single(let quantity)): pieces.append(with(base, .respirationRate, number: quantity.value))
            case (.temperature, .single(let quantity)): pieces.append(with(base, .temperature, number: quantity.value))
            case (.oxygenSaturation, .single(let quantity)): pieces.append(with(base, .oxygenSaturation, number: quantity.value))
            case (.bloodPressure, .bloodPressure(let systolic?, _)): pieces.append(with(base, .systolicBloodPressure, number: systolic.value))
            default: break
            }
        }
        for observation in observations where VitalReadingBuilder.reportableStatuses.contains(observation.status) {
            guard let time = observation.effective else { continue }
            let base = Piece(parameter: .consciousness, time: time, performer: observation.performer, ids: [observation.id])
            if let level = consciousness(observation) {
                pieces.append(with(base, .consciousness, level: level))
            }
            if let onOxygen = oxygen(observation) {
                pieces.append(with(base, .airOrOxygen, onOxygen: onOxygen))
            }
        }
        pieces.sort { $0.time > $1.time }

        var rounds: [NEWS2Round] = []
        var used = Array(repeating: false, count: pieces.count)
        for start in pieces.indices where !used[start] {
            let anchor = pieces[start]
            var taken: [NEWS2Parameter: Piece] = [:]
            for index in start..<pieces.count where !used[index] {
                let piece = pieces[index]
                guard anchor.time.timeIntervalSince(piece.time) <= NEWS2Rule.roundSpan else { break }
                guard piece.performer == anchor.performer, taken[piece.parameter] == nil else { continue }
                taken[piece.parameter] = piece
                used[index] = true
            }
            let input = NEWS2Input(
                respirationRate: taken[.respirationRate].flatMap(number), oxygenSaturation: taken[.oxygenSaturation].flatMap(number),
                onOxygen: taken[.airOrOxygen].flatMap { piece in piece.onOxygen.map { .init($0, at: piece.time, by: piece.performer) } },
                systolic: taken[.systolicBloodPressure].flatMap(number), pulse: taken[.pulse].flatMap(number),
                consciousness: taken[.consciousness].flatMap { piece in piece.level.map { .init($0, at: piece.time, by: piece.performer) } },
                temperature: taken[.temperature].flatMap(number))
            var round = NEWS2Round(
                time: anchor.time, performer: anchor.performer, observationIDs: Set(taken.values.flatMap(\.ids)),
                consciousness: taken[.consciousness]?.level, onOxygen: taken[.airOrOxygen]?.onOxygen,
                outcome: NEWS2Rule.score(input, scale2: SpO2TargetRule.isScale2(at: anchor.time, records: targets), age: age, isPregnant: pregnant))
            round.consciousnessTaken = taken[.consciousness].flatMap { piece in piece.ids.first.map { ($0, piece.time) } }
            rounds.append(round)
        }
        return rounds
    }

    private static func with(_ base: Piece, _ parameter: NEWS2Parameter, number: Decimal? = nil, level: Consciousness? = nil, onOxygen: Bool? = nil) -> Piece {
        var piece = base
        piece.parameter = parameter
        piece.number = number
        piece.level = level
        piece.onOxygen = onOxygen
        return piece
    }

    private static func number(_ piece: Piece) -> NEWS2Input.Taken<Decimal>? {
        piece.number.map { .init($0, at: piece.time, by: piece.performer) }
    }

    static func consciousness(_ observation: Observation) -> Consciousness? {
        guard observation.code.codings.contains(where: { $0.code.map(consciousnessCodes.contains) == true }),
              case .concept(let value)? = observation.value else { return nil }
        return value.codings.lazy.compactMap { $0.code.flatMap(Consciousness.init(snomed:)) }.first
    }

    /// Air (false) or oxygen (true), when this observation says which (`OxygenUseRule`).
    static func oxygen(_ observation: Observation) -> Bool? {
        switch OxygenUseRule.oxygen(observation) {
        case .roomAir?: false
        case .supplemental?: true
        case nil: nil
        }
    }

    /// The newest pregnancy status says pregnant.
    static func isPregnant(_ observations: [Observation]) -> Bool {
        let statuses = observations.filter { $0.code.contains(code: pregnancyStatus) && VitalReadingBuilder.reportableStatuses.contains($0.status) }
        guard let newest = statuses.max(by: { ($0.effective ?? .distantPast) < ($1.effective ?? .distantPast) }),
              case .concept(let value)? = newest.value else { return false }
        return value.contains(code: pregnant)
    }
}
