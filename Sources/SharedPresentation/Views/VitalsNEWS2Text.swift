import CoreDomain
import CoreUseCases

/// A Vitals row's NEWS2 as text: the column's cell (`7 HIGH`, `-` when the round is incomplete
/// or NEWS2 is not used), and for the chosen row the outcome in full with its parameters,
/// consciousness, air or oxygen and when the next round is due. The band is a word, never
/// colour alone.
enum VitalsNEWS2Text {
    static func cell(_ round: VitalsRound) -> String? {
        guard let news2 = round.news2 else { return nil }
        guard let score = news2.outcome.score else { return "-" }
        return "\(score.total) \(band(score.risk))"
    }

    /// Short band words for the column: LOW, L-MED, MED, HIGH.
    static func band(_ risk: NEWS2Score.Risk) -> String {
        switch risk {
        case .low: "LOW"
        case .lowMedium: "L-MED"
        case .medium: "MED"
        case .high: "HIGH"
        }
    }

    /// "NEWS2 7 HIGH: RR 2, SpO2 1, HR 2, T 1 · ACVPU A · on O2 high-flow 40 L/min FiO2 60 % ·
    /// next: continuous monitoring": the oxygen as the round's SpO2 records it, when it does.
    static func detail(_ round: VitalsRound, context: ViewContext) -> String? {
        guard let news2 = round.news2 else { return nil }
        var parts = [news2.outcome.text]
        if let score = news2.outcome.score, !score.breakdown.isEmpty { parts[0] += ": " + score.breakdown }
        if let level = news2.consciousness { parts.append("ACVPU \(level.letter)") }
        if let onOxygen = news2.onOxygen { parts.append(onOxygen ? VitalText.supplementalText(round.readings[.oxygenSaturation]) ?? "on O2" : "on air") }
        if let score = news2.outcome.score {
            if let due = news2.nextDue {
                parts.append("next by \(context.dateTime(due)) (\(score.monitoring))")
            } else {
                parts.append("continuous monitoring, \(score.risk.response)")
            }
        }
        return parts.joined(separator: " · ")
    }

    static func role(_ round: VitalsRound) -> TextRole {
        round.news2?.outcome.score.map { role($0.risk) } ?? .normal
    }

    /// High is critical, medium and a single 3 abnormal (a band also always has its word or letter).
    static func role(_ risk: NEWS2Score.Risk) -> TextRole {
        switch risk {
        case .high: .critical
        case .medium, .lowMedium: .abnormal
        case .low: .normal
        }
    }
}
