/// How supplemental oxygen reaches the patient, as a ward's observation chart names it. The
/// device sets what flow makes sense (see `VitalsEntryRange.flowRange(for:)`) and tells the
/// next nurse what is on the patient's face.
public enum OxygenDevice: String, CaseIterable, Sendable, Hashable {
    case nasalCannula, simpleMask, venturiMask, nonRebreather, highFlowNasal

    /// The letter that picks it on the vitals form (the chart's own short codes: N, SM, V, RM, HFN).
    public var letter: Character {
        switch self {
        case .nasalCannula: "N"
        case .simpleMask: "S"
        case .venturiMask: "V"
        case .nonRebreather: "R"
        case .highFlowNasal: "H"
        }
    }

    /// Its name on screen, short enough to sit beside a flow and an FiO2 on one line.
    public var name: String {
        switch self {
        case .nasalCannula: "nasal cannula"
        case .simpleMask: "simple mask"
        case .venturiMask: "venturi mask"
        case .nonRebreather: "non-rebreather"
        case .highFlowNasal: "high-flow"
        }
    }

    /// Every device by its letter, for a hint or a refusal: "N nasal cannula, S simple mask, ...".
    public static let choices = allCases.map { "\($0.letter) \($0.name)" }.joined(separator: ", ")

    /// What is written as the value of the LOINC 107117-4 "Method of oxygen delivery"
    /// component: the same words the demo's source system uses, so both read back alike.
    public var code: String {
        switch self {
        case .nasalCannula: "nasal_cannula"
        case .simpleMask: "simple_mask"
        case .venturiMask: "venturi_mask"
        case .nonRebreather: "non-rebreather"
        case .highFlowNasal: "high_flow_nasal_cannula"
        }
    }

    /// A device named in a record: its `code` or `name`, or a common longer spelling, in any
    /// case with `_`, `-` or spaces alike ("Nasal Cannula", "non_rebreather", "high-flow nasal").
    public init?(named text: String) {
        let words = Self.words(text)
        let aliases: [String: OxygenDevice] = [
            "nasal prongs": .nasalCannula, "nasal cannulae": .nasalCannula, "face mask": .simpleMask,
            "venturi": .venturiMask, "reservoir mask": .nonRebreather, "non rebreather mask": .nonRebreather,
            "nonrebreather": .nonRebreather, "high flow nasal": .highFlowNasal, "high flow nasal oxygen": .highFlowNasal,
        ]
        guard let device = Self.allCases.first(where: { Self.words($0.code) == words || Self.words($0.name) == words }) ?? aliases[words]
        else { return nil }
        self = device
    }

    private static func words(_ text: String) -> String {
        text.lowercased().split(whereSeparator: { $0 == "_" || $0 == "-" || $0 == " " }).joined(separator: " ")
    }
}
