import CoreDomain
import Foundation

/// Keys while recording a PRN dose's effect, and the outbox's refusal. Every binding is listed
/// in `KeyHelp.prnFollowUp(_:)` for its step. Esc at the choice leaves, later goes back to the
/// choice; nothing is stored before Enter on the confirm step.
extension PRNFollowUpState: Feature, FormFlow {
    public mutating func update(_ action: ChartingAction, in context: ChartingContext) -> FeatureStep<ChartingDelegate, ChartingEffect> {
        flow(action, in: context)
    }

    func save(in context: ChartingContext) -> ChartingEffect? {
        guard let effect else { return nil }
        return PRNFollowUpSave(PRNEffectEntry(patientID: dose.patientID, administrationID: dose.id, effect: effect, note: note, effective: context.now)).effect
    }

    mutating func backFromConfirm() -> Bool {
        step = .choose
        return true
    }

    mutating func gather(_ key: InputKey, in context: ChartingContext) -> FeatureStep<ChartingDelegate, ChartingEffect> {
        switch step {
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
        case .confirming, .saving:
            return .none
        }
    }
}
