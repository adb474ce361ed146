import CoreUseCases
import Foundation
import Testing

@Suite struct NotificationWatchTests {
    let start = Date(timeIntervalSince1970: 1_000)

    /// What `watch` answers to each heartbeat check, at seconds after `start`.
    func checks(_ watch: inout NotificationWatch, at seconds: [Double]) -> [Bool] {
        seconds.map { watch.missedHeartbeat(at: start.addingTimeInterval($0)) }
    }

    /// What `watch` answers to each notification: at seconds after `start`, its events, and a heartbeat's count.
    func notifications(_ watch: inout NotificationWatch, _ heard: [(seconds: Double, events: Int, count: Int?)]) -> [Bool] {
        heard.map { watch.heard(at: start.addingTimeInterval($0.seconds), events: $0.events, heartbeatCount: $0.count) }
    }

    @Test func silenceOverTwoHeartbeatsIsReportedOnceThenItsEnd() {
        var watch = NotificationWatch(heartbeat: 10, start: start)
        #expect(checks(&watch, at: [20, 21, 40]) == [false, true, false])
        #expect(notifications(&watch, [(41, 0, 0), (51, 0, 0)]) == [true, false])
    }

    @Test func aHeartbeatCountingMoreEventsThanArrivedIsAGap() {
        var watch = NotificationWatch(heartbeat: 10, start: start)
        #expect(notifications(&watch, [(0, 1, nil), (0, 1, nil), (10, 0, 2), (20, 0, 3), (30, 0, 3)]) == [false, false, false, true, false])
    }

    @Test func aHandshakeSetsWhereEventsAreCountedFrom() {
        var watch = NotificationWatch(heartbeat: 10, start: start)
        let afterSilence = watch.handshake(count: 7, at: start)
        #expect(!afterSilence)
        #expect(notifications(&watch, [(10, 0, 7), (20, 0, 8)]) == [false, true])
    }

    @Test func aHandshakeEndingASilenceSaysEventsMayBeLost() {
        var watch = NotificationWatch(heartbeat: 10, start: start)
        #expect(checks(&watch, at: [21]) == [true])
        let afterSilence = watch.handshake(count: 3, at: start.addingTimeInterval(30))
        #expect(afterSilence)
        #expect(notifications(&watch, [(40, 0, 3)]) == [false])
    }
}
