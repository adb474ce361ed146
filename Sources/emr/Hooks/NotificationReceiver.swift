import CoreUseCases
import DataFHIR
import Foundation
import Synchronization

/// What the listener does with a notification that passed the HTTP checks (path, token,
/// size): it must be a backport notification for the listener's own Subscription, else it
/// is refused; then each event with a patient goes to the workstations, and a gap in the
/// server's count or the end of a silence becomes a full sync. Nothing named in it is
/// fetched.
final class NotificationReceiver: Sendable {
    let subscriptionID: String
    private let socket: LocalEventSocket
    private let watch: Mutex<NotificationWatch>

    init(subscriptionID: String, socket: LocalEventSocket, heartbeatSeconds: Int) {
        self.subscriptionID = subscriptionID
        self.socket = socket
        self.watch = Mutex(NotificationWatch(heartbeat: TimeInterval(heartbeatSeconds), start: Date()))
    }

    func receive(_ body: [UInt8]) -> HTTPAnswer {
        guard let notification = SubscriptionNotification.read(Data(body)) else { return .badRequest }
        guard notification.subscriptionID == subscriptionID else { return .notFound }
        let time = Date()
        let missed: Bool = watch.withLock { watch in
            switch notification.kind {
            case .handshake:
                return watch.handshake(count: notification.eventsSinceStart ?? 0, at: time)
            case .heartbeat:
                return watch.heard(at: time, events: 0, heartbeatCount: notification.eventsSinceStart)
            case .eventNotification:
                return watch.heard(at: time, events: notification.events.count)
            case .queryStatus, .queryEvent:
                return watch.heard(at: time, events: 0)
            }
        }
        if missed {
            HooksLog.line("events were missed: the workstations sync in full")
            socket.send(.syncAll)
        }
        for event in notification.events {
            guard let patient = event.patientID else { continue }
            socket.send(.changed(ResultEvent(type: event.type, id: event.id, patientID: patient)))
        }
        return .ok
    }

    /// True once when the server has been silent for two heartbeats: the workstations are
    /// told to sync in full.
    func checkHeartbeat() -> Bool {
        let time = Date()
        guard watch.withLock({ $0.missedHeartbeat(at: time) }) else { return false }
        HooksLog.line("no heartbeat from the server: the workstations sync in full")
        socket.send(.syncAll)
        return true
    }
}
