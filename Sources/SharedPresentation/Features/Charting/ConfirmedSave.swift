/// A form whose one confirm step saves: when the outbox refuses, the form goes back to that
/// step with everything kept (Enter tries again) and the reason on it and on the status line.
protocol ConfirmedSave {
    associatedtype Step: Equatable
    var step: Step { get set }
    var failure: String? { get set }
    static var confirmingStep: Step { get }
    static var savingStep: Step { get }
}

extension ConfirmedSave {
    mutating func saveRefused(_ message: String) -> FeatureStep<ChartingDelegate> {
        guard step == Self.savingStep else { return .none }
        step = Self.confirmingStep
        failure = "not saved: \(message)"
        return .tell(.say(StatusText.notSaved(message)))
    }
}
