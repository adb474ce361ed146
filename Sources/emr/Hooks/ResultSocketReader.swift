import CoreUseCases
import Foundation
import SharedPresentation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The workstation's end of the listener's socket: reads its lines on a thread of its own
/// (blocking reads stay off the few threads Swift's tasks share), coalesces each patient's
/// events (`PatientSyncQueue`) and says what is due as `ResultNews`. A listener that is not
/// there yet, or restarts, is connected to again every second; its first line on each
/// connection asks for a full sync.
struct ResultSocketReader: Sendable {
    var path: String

    /// The longest a line may be: a message is a few ids.
    static let maxLine = 4_096

    /// Reads until the task is cancelled.
    func read(news: @escaping @Sendable (ResultNews) -> Void) async {
        let stop = Mutex(false)
        Thread.detachNewThread { [path] in
            var queue = PatientSyncQueue()
            while !stop.withLock({ $0 }) {
                guard let connection = UnixSocketPath.connect(path) else {
                    Thread.sleep(forTimeInterval: 1)
                    continue
                }
                Self.follow(connection, queue: &queue, news: news) { stop.withLock { $0 } }
                connection.close()
            }
        }
        await withTaskCancellationHandler {
            while !Task.isCancelled { try? await Task.sleep(for: .seconds(3_600)) }
        } onCancel: {
            stop.withLock { $0 = true }
        }
    }

    /// Reads `connection` until it ends or `stopped()`: each event noted, each full sync and
    /// each patient due said at once.
    private static func follow(
        _ connection: StreamSocket, queue: inout PatientSyncQueue, news: (ResultNews) -> Void, stopped: () -> Bool
    ) {
        var buffer: [UInt8] = []
        while !stopped() {
            let wait = queue.nextDue.map { max(0, Int($0.timeIntervalSinceNow * 1_000) + 1) } ?? 200
            var descriptor = pollfd(fd: connection.descriptor, events: Int16(POLLIN), revents: 0)
            if poll(&descriptor, 1, Int32(min(wait, 200))) > 0 {
                guard let bytes = connection.read(upTo: 16_384), !bytes.isEmpty else { return }
                buffer += bytes
                while let end = buffer.firstIndex(of: 10) {
                    let line = String(decoding: buffer[..<end], as: UTF8.self)
                    buffer.removeSubrange(...end)
                    switch HookMessage(line: line) {
                    case .syncAll?:
                        queue.clear()
                        news(.syncAll)
                    case .changed(let event)?:
                        queue.note(event.patientID, at: Date())
                    case nil:
                        continue
                    }
                }
                guard buffer.count <= maxLine else { return }
            }
            let due = queue.due(at: Date())
            if !due.isEmpty { news(.changed(patientIDs: due)) }
        }
    }
}
