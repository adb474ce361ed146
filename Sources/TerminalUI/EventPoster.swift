import Synchronization

/// Hands results from other threads (a chart loaded on the cooperative pool) to the event
/// loop's thread, which receives them as `TerminalEvent.message`.
public final class EventPoster<Message: Sendable>: Sendable {
    private let pipe: SignalPipe
    private let queue = Mutex<[Message]>([])

    init(pipe: SignalPipe) {
        self.pipe = pipe
    }

    /// Queues `message` and wakes the loop. Safe from any thread, never blocks for long.
    public func post(_ message: Message) {
        queue.withLock { $0.append(message) }
        pipe.wake()
    }

    func takeAll() -> [Message] {
        queue.withLock { messages in
            defer { messages.removeAll() }
            return messages
        }
    }
}
