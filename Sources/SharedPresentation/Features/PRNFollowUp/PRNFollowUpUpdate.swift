import CoreDomain
import Foundation

/// Keys while recording a PRN dose's effect, and the outbox's refusal. Every binding is listed
/// in `KeyHelp.prnFollowUp(_:)` for its step. Esc at the choice leaves, later goes back to the
/// choice; nothing is stored before Enter on the confirm step.
extension PRNFollowUpState: Feature {
    public mutating func update(_ action: ChartingAction, in context: ChartingContext) -> FeatureStep<ChartingDelegate> {
        switch action {
        case .saveFailed(let message):
            return saveRefused(message)
        case .saveQuestioned:
            // Its save asks nothing again.
            return .none
        case .key(let key):
            return handle(key, context)
        }
    }

    private mutating func handle(_ key: InputKey, _ context: ChartingContext) -> FeatureStep<ChartingDelegate> {
        switch step {
        case .saving:
            return .none
        case .choose:
            if key == .escape { return .tell(.say(nil), .close) }
            guard case let .character(letter) = key, let chosen = PRNEffect.allCases.first(where: { Self.letter($0) == letter }) else {
                return .none
            }
            effect = chosen
            step = .note
            return .none
        case .note:
            switch key {
            case .escape: step = .choose
            case .enter:
                let words = input.trimmingCharacters(in: .whitespaces)
                note = words.isEmpty ? nil : words
                step = .confirming
            default: _ = key.edit(&input, limit: Self.maximumLength)
            }
            return .none
        case .confirming:
            switch key {
            case .enter:
                guard let effect else { return .none }
                step = .saving
                failure = nil
                let entry = PRNEffectEntry(
                    patientID: dose.patientID, administrationID: dose.id, effect: effect, note: note, effective: context.now)
                return FeatureStep(effects: [PRNFollowUpSave(entry).effect], delegates: [.say(StatusText.saving)])
            case .escape:
                step = .choose
                return .tell(.say(nil))
            default:
                return .none
            }
        }
    }
}
