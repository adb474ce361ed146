import Synchronization
@testable import SharedPresentation

/// An effect runner that records what it was asked to do and answers a sync with `syncAnswer`.
final class RecordingRunner: WorkstationEffectRunner {
    private let asked = Mutex<[WorkstationEffect]>([])
    let syncAnswer: WorkstationAction?

    init(syncAnswer: WorkstationAction? = nil) {
        self.syncAnswer = syncAnswer
    }

    var effects: [WorkstationEffect] { asked.withLock { $0 } }

    func run(_ effect: WorkstationEffect, send: @escaping @Sendable (WorkstationAction) -> Void) async {
        asked.withLock { $0.append(effect) }
        if effect == .syncWithServer, let syncAnswer { send(syncAnswer) }
    }
}

/// What the store delivered, in order, for the test to hand back as the runtime would.
final class Inbox: Sendable {
    private let actions = Mutex<[WorkstationAction]>([])

    func post(_ action: WorkstationAction) { actions.withLock { $0.append(action) } }

    var received: [WorkstationAction] { actions.withLock { $0 } }

    /// Everything delivered so far, removed from the inbox.
    func take() -> [WorkstationAction] {
        actions.withLock { actions in
            defer { actions.removeAll() }
            return actions
        }
    }
}
