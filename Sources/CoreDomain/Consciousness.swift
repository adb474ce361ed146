/// Level of consciousness on the ACVPU scale, as NEWS2 scores it: Alert, new Confusion,
/// responds to Voice, responds to Pain, Unresponsive.
public enum Consciousness: String, CaseIterable, Sendable, Hashable {
    case alert, newConfusion, voice, pain, unresponsive

    /// The letter a chart writes.
    public var letter: String {
        switch self {
        case .alert: "A"
        case .newConfusion: "C"
        case .voice: "V"
        case .pain: "P"
        case .unresponsive: "U"
        }
    }

    /// SNOMED CT 1104441000000107, "ACVPU (alert, new confusion, voice, pain, unresponsive) scale
    /// score": the code of an Observation whose value is one of `snomedCodes`.
    public static let scaleCode = "1104441000000107"

    /// The SNOMED CT concepts read as each level (the first is the one written): Mentally alert
    /// 248234008; Acute confusion 130987000; Responds to voice 300202002 (or Verbal 255373000);
    /// Responds to pain 450847001; Unresponsive 422768004.
    public var snomedCodes: [String] {
        switch self {
        case .alert: ["248234008"]
        case .newConfusion: ["130987000"]
        case .voice: ["300202002", "255373000"]
        case .pain: ["450847001"]
        case .unresponsive: ["422768004"]
        }
    }

    public init?(snomed code: String) {
        guard let level = Self.allCases.first(where: { $0.snomedCodes.contains(code) }) else { return nil }
        self = level
    }
}
