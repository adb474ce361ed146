import CoreDomain
import CoreUseCases
import SharedPresentation

/// A charting form written only for the tests, as a newcomer would add one: its state, how it
/// opens (`p` on any tab, once the summary is in), its update, its view, its keys and its save,
/// in one place, registered by one line (`ChartingFormKind.registered + [.painScore]` in the
/// tests; a line in `ChartingFormKind.registered` in the app).
struct PainScoreForm: ChartingForm {
    enum Step: Equatable, Sendable { case typing, saving }

    let patientID: String
    var score = ""
    var step = Step.typing
    var refusal: String?

    static let typeScore = KeyBinding([], "0-10", "the pain score", footer: "type 0-10", typesText: true)
    static let save = KeyBinding([.enter], "Enter", "save the pain score", footer: "Enter save")
    static let leave = KeyBinding([.escape], "Esc", "leave, nothing saved", footer: "Esc cancel")
    static let descriptor = ChartingFormDescriptor(
        name: "pain-score", opensWith: KeyBinding([.character("p")], "p", "record a pain score", footer: "p pain"),
        help: [("Pain score", [typeScore, save, leave])])

    static func open(_ request: ChartingRequest, in context: ChartingOpening) -> ChartingOpened? {
        guard isOpeningKey(request) else { return nil }
        switch context.loadedSummary(key: "p") {
        case .success: return .form(PainScoreForm(patientID: context.chart.patientID))
        case let .failure(refusal): return .refused(refusal.notice)
        }
    }

    mutating func update(_ action: ChartingAction, in context: ChartingContext) -> FeatureStep<ChartingDelegate, ChartingEffect> {
        switch action {
        case let .saveFailed(message):
            step = .typing
            return .tell(.say(.critical("not saved: \(message)")))
        case .saveQuestioned, .saved:
            return .none
        case .key where step == .saving:
            return .none
        case .key(.escape):
            return .tell(.say(nil), .close)
        case .key(.enter):
            guard let value = Int(score), (0...10).contains(value) else {
                refusal = "a pain score is 0 to 10"
                return .none
            }
            step = .saving
            let entry = VitalsEntry(patientID: patientID, effective: context.now, painScore: value)
            return FeatureStep(effects: [PainScoreSave(entry: entry).effect], delegates: [.say(.progress("saving…"))])
        case .key(.backspace), .key(.delete):
            if !score.isEmpty { score.removeLast() }
            return .none
        case let .key(.character(digit)) where digit.isASCII && digit.isNumber && score.count < 2:
            score.append(digit)
            refusal = nil
            return .none
        case .key:
            return .none
        }
    }

    var title: String { "Pain score" }

    func content(width: Int, context: ViewContext) -> ScrollContent {
        let label = "Pain (0-10): "
        let lines = [StyledLine(label + score)] + (refusal.map { [StyledLine($0, .critical)] } ?? [])
        return ScrollContent(lines: lines, cursorLine: step == .typing ? 0 : nil, cursorColumn: label.count + score.count)
    }

    var awaitsConfirmation: Bool { false }

    var bindings: [KeyBinding] { step == .typing ? [Self.typeScore, Self.save, Self.leave] : [] }

    var isSaving: Bool { step == .saving }

    func savedNotice(demo: Bool) -> String { "pain score \(score) saved" }
}

/// The pain score, stored as a vital sign through the outbox and audited as charting.
struct PainScoreSave: ChartingWrite {
    var entry: VitalsEntry
    var patientID: String { entry.patientID }
    var audit: AuditAction { .charting }
    func write(to outbox: ChartingOutbox) async throws {
        try await RecordVitals(chart: outbox.chart, charting: outbox.vitals)(entry)
    }
}

extension ChartingFormKind {
    static let painScore = PainScoreForm.kind
}
