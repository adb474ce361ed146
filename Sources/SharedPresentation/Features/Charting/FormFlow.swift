/// The flow every charting form shares, written once: steps that gather what is charted, one
/// confirm step whose Enter stores it and whose Esc goes back (or leaves), a saving step in
/// which nothing changes until the outbox answers, and the outbox's refusal taking the form
/// back to its confirm step with everything kept (Enter tries again) and the reason on the
/// form and on the status line. A form says only what is its own: the keys of its gathering
/// steps, what its confirm step stores, where Esc from there goes, and what it does when
/// storing asks again. Five forms wrote this five times, and drifted (one cleared its refusal
/// on Esc, another did not).
protocol FormFlow {
    associatedtype Step: FormStep
    var step: Step { get set }
    /// Why the outbox refused the last confirm, shown on the confirm step.
    var failure: String? { get set }
    /// What Enter on the confirm step stores; nil when there is nothing to store.
    func save(in context: ChartingContext) -> ChartingEffect?
    /// Esc on the confirm step: back to a gathering step (true), or leave the form (false).
    mutating func backFromConfirm() -> Bool
    /// A key on any step before the confirm step.
    mutating func gather(_ key: InputKey, in context: ChartingContext) -> FeatureStep<ChartingDelegate, ChartingEffect>
    /// Storing found something to ask again (a dose given meanwhile); most saves ask nothing.
    mutating func questioned(_ question: ChartingQuestion) -> FeatureStep<ChartingDelegate, ChartingEffect>
}

extension FormFlow {
    mutating func questioned(_ question: ChartingQuestion) -> FeatureStep<ChartingDelegate, ChartingEffect> { .none }

    /// The form's whole update: each form's `Feature.update` is this.
    mutating func flow(_ action: ChartingAction, in context: ChartingContext) -> FeatureStep<ChartingDelegate, ChartingEffect> {
        switch action {
        case let .saveFailed(message):
            guard step == Step.saving else { return .none }
            step = Step.confirming
            failure = "not saved: \(message)"
            return .tell(.say(StatusText.notSaved(message)))
        case let .saveQuestioned(question):
            return step == Step.saving ? questioned(question) : .none
        case .saved:
            // The workstation closes the screen and says "saved" (`chartingSaved`): the chart
            // behind it reloads, which no form knows of.
            return .none
        case let .key(key):
            switch step {
            case Step.saving:
                return .none
            case Step.confirming:
                return confirm(key, in: context)
            default:
                return gather(key, in: context)
            }
        }
    }

    private mutating func confirm(_ key: InputKey, in context: ChartingContext) -> FeatureStep<ChartingDelegate, ChartingEffect> {
        switch key {
        case .enter:
            guard let save = save(in: context) else { return .none }
            step = Step.saving
            failure = nil
            return FeatureStep(effects: [save], delegates: [.say(StatusText.saving)])
        case .escape:
            failure = nil
            return backFromConfirm() ? .tell(.say(nil)) : .tell(.say(nil), .close)
        default:
            return .none
        }
    }
}

/// A form's steps: whatever it gathers with, and these two, which its cases are.
protocol FormStep: Equatable {
    static var confirming: Self { get }
    static var saving: Self { get }
}
