import CoreUseCases
import Foundation
import Testing

@Suite struct NotificationWatchTests {
    let start = Date(timeIntervalSince1970: 1_000)

    @Test func silenceOverTwoHeartbeatsIsReportedOnceThenItsEnd() {
        var watch = NotificationWatch(heartbeat: 10, start: start)
        let answer1 = watch.missedHeartbeat(at: start.addingTimeInterval(20))
        #expect(!answer1)
        let answer2 = watch.missedHeartbeat(at: start.addingTimeInterval(21))
        #expect(answer2)
        let answer3 = watch.missedHeartbeat(at: start.addingTimeInterval(40))
        #expect(!answer3)
        let answer4 = watch.heard(at: start.addingTimeInterval(41), events: 0, heartbeatCount: 0)
        #expect(answer4)
        let answer5 = watch.heard(at: start.addingTimeInterval(51), events: 0, heartbeatCount: 0)
        #expect(!answer5)
    }

    @Test func aHeartbeatCountingMoreEventsThanArrivedIsAGap() {
        var watch = NotificationWatch(heartbeat: 10, start: start)
        let answer6 = watch.heard(at: start, events: 1)
        #expect(!answer6)
        let answer7 = watch.heard(at: start, events: 1)
        #expect(!answer7)
        let answer8 = watch.heard(at: start.addingTimeInterval(10), events: 0, heartbeatCount: 2)
        #expect(!answer8)
        let answer9 = watch.heard(at: start.addingTimeInterval(20), events: 0, heartbeatCount: 3)
        #expect(answer9)
        let answer10 = watch.heard(at: start.addingTimeInterval(30), events: 0, heartbeatCount: 3)
        #expect(!answer10)
    }

    @Test func aSubscriptionMadeAgainCountsFromZero() {
        var watch = NotificationWatch(heartbeat: 10, start: start)
        _ = watch.heard(at: start, events: 5)
        watch.restarted(at: start)
        let answer11 = watch.heard(at: start.addingTimeInterval(10), events: 0, heartbeatCount: 1)
        #expect(answer11)
    }
}
