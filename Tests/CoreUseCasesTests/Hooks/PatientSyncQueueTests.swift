import CoreUseCases
import Foundation
import Testing

@Suite struct PatientSyncQueueTests {
    let start = Date(timeIntervalSince1970: 1_000)

    @Test func oneEventIsDueAfterTheQuietPeriod() {
        var queue = PatientSyncQueue(quiet: 0.25, longest: 2)
        queue.note("p1", at: start)
        #expect(queue.nextDue == start.addingTimeInterval(0.25))
        #expect(queue.due(at: start.addingTimeInterval(0.2)).isEmpty)
        let synced = queue.due(at: start.addingTimeInterval(0.25))
        #expect(synced == ["p1"])
        #expect(queue.nextDue == nil)
    }

    @Test func aThousandEventsInASecondAreOneSync() {
        var queue = PatientSyncQueue(quiet: 0.25, longest: 2)
        var synced: [String] = []
        for index in 0..<1_000 {
            let now = start.addingTimeInterval(Double(index) / 1_000)
            synced += queue.due(at: now)
            queue.note("p1", at: now)
        }
        synced += queue.due(at: start.addingTimeInterval(1.3))
        #expect(synced == ["p1"])
    }

    @Test func aSteadyTrickleIsSyncedAtTheLongest() {
        var queue = PatientSyncQueue(quiet: 0.25, longest: 2)
        // Events every 100 ms (index 20 is 2 s in): synced at the longest after each first.
        var synced: [Int] = []
        for index in 0..<50 {
            let now = start.addingTimeInterval(Double(index) * 0.1)
            if !queue.due(at: now).isEmpty { synced.append(index) }
            queue.note("p1", at: now)
        }
        #expect(synced == [20, 40])
    }

    @Test func patientsFallDueEachOnTheirOwn() {
        var queue = PatientSyncQueue(quiet: 0.25, longest: 2)
        queue.note("p2", at: start)
        queue.note("p1", at: start.addingTimeInterval(0.1))
        let first = queue.due(at: start.addingTimeInterval(0.3))
        #expect(first == ["p2"])
        let second = queue.due(at: start.addingTimeInterval(0.4))
        #expect(second == ["p1"])
    }
}
