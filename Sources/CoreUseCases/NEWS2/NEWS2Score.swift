import CoreDomain
import Foundation

/// A complete round's NEWS2: each parameter's points, the total, the clinical risk it means and
/// the minimum monitoring that risk asks for (RCP, 2017).
public struct NEWS2Score: Sendable, Hashable {
    public typealias Risk = EarlyWarning.Band

    /// Points per parameter, 0-3.
    public var points: [NEWS2Parameter: Int]
    /// The SpO2 scale the saturation was scored on (1, or 2 for a prescribed 88-92% target).
    public var scale: Int

    public init(points: [NEWS2Parameter: Int], scale: Int = 1) {
        self.points = points
        self.scale = scale
    }

    public var total: Int { points.values.reduce(0, +) }

    /// A single parameter scored 3 ("red score").
    public var hasSingleThree: Bool { points.values.contains(3) }

    public var risk: Risk {
        switch total {
        case 7...: .high
        case 5...6: .medium
        default: hasSingleThree ? .lowMedium : .low
        }
    }

    /// The longest the next round may wait: 12 h at 0, 4 h at 1-4 (the chart says 4-6 hourly;
    /// the shorter is kept), 1 h for a single 3 or 5-6; nil (continuous monitoring) at 7 or more.
    public var monitoringInterval: TimeInterval? {
        switch risk {
        case .high: nil
        case .medium, .lowMedium: 3600
        case .low: total == 0 ? 12 * 3600 : 4 * 3600
        }
    }

    /// "12-hourly", "4-6-hourly", "hourly", "continuous".
    public var monitoring: String {
        switch monitoringInterval {
        case nil: "continuous"
        case 3600?: "hourly"
        case 14_400?: "4-6-hourly"
        default: "12-hourly"
        }
    }

    /// "RR 3, SpO2 2, ...": the parameters that scored, in chart order.
    public var breakdown: String {
        NEWS2Parameter.allCases.compactMap { parameter in
            points[parameter].flatMap { $0 > 0 ? "\(parameter.abbreviation) \($0)" : nil }
        }.joined(separator: ", ")
    }
}

extension EarlyWarning.Band {
    /// The band as a word, written beside every score so it never rests on colour.
    public var word: String {
        switch self {
        case .low: "LOW"
        case .lowMedium: "LOW-MED"
        case .medium: "MEDIUM"
        case .high: "HIGH"
        }
    }

    /// The response the RCP chart asks for.
    public var response: String {
        switch self {
        case .low: "ward-based response"
        case .lowMedium: "urgent ward-based response"
        case .medium: "urgent response"
        case .high: "emergency response"
        }
    }
}
