/// The lock screen takes every key while locked: what is typed is kept (and drawn as dots)
/// until Enter has it checked; while it is checked, keys wait.
extension LockState: Feature {
    public mutating func update(_ action: LockAction, in _: Void = ()) -> FeatureStep<LockDelegate, LockEffect> {
        switch action {
        case let .key(key):
            return handle(key)
        case let .unlockResult(succeeded, message):
            isChecking = false
            guard succeeded else {
                failedAttempts += 1
                input = ""
                self.message = message
                return .none
            }
            self = LockState()
            return .tell(.unlocked)
        }
    }

    private mutating func handle(_ key: InputKey) -> FeatureStep<LockDelegate, LockEffect> {
        guard !isChecking else { return .none }
        switch key {
        case .enter:
            // No passphrase is empty: an Enter pressed to wake the screen is no failed attempt
            // (counted, audited and slowed down as one).
            guard !input.isEmpty else {
                message = "type the passphrase, then Enter"
                return .none
            }
            isChecking = true
            message = nil
            let typed = input
            input = ""
            return .run(.verify(typed))
        case .backspace, .delete:
            if !input.isEmpty { input.removeLast() }
        case .escape:
            input = ""
        case let .character(character) where !character.isNewline:
            input.append(character)
        default:
            break
        }
        return .none
    }

    /// Locked now, with nothing typed.
    static var locked: LockState {
        var state = LockState()
        state.isLocked = true
        return state
    }
}
