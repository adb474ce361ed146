import CoreDomain
import CoreUseCases
import Foundation
import Testing

@Suite struct LatestVitalRuleTests {
    @Test func picksTheNewestReadingOfEachSignInChartOrder() {
        let latest = LatestVitalRule.latest(from: [
            Make.vital(.temperature, 38.4, id: "t1", at: Make.t0),
            Make.vital(.heartRate, 80, id: "h1", at: Make.t0 - 3600),
            Make.vital(.heartRate, 112, id: "h2", at: Make.t0),
            Make.bloodPressure(148, 92, id: "bp", at: Make.t0 - 60),
        ])
        #expect(latest.map(\.sign) == [.heartRate, .bloodPressure, .temperature])
        #expect(latest.map(\.observationIDs) == [["h2"], ["bp"], ["t1"]])
    }

    @Test func breaksTiesByTheGreaterIDWhateverTheInputOrder() {
        let a = Make.vital(.heartRate, 80, id: "a"), b = Make.vital(.heartRate, 90, id: "b")
        #expect(LatestVitalRule.latest(from: [a, b]).first?.observationIDs == ["b"])
        #expect(LatestVitalRule.latest(from: [b, a]).first?.observationIDs == ["b"])
    }

    @Test func neverPicksEnteredInErrorOrCancelledEvenWhenNewer() {
        let latest = LatestVitalRule.latest(from: [
            Make.vital(.heartRate, 80, id: "ok", at: Make.t0 - 60),
            Make.vital(.heartRate, 200, id: "error", at: Make.t0, status: .enteredInError),
            Make.vital(.heartRate, 30, id: "cancel", at: Make.t0 + 60, status: .cancelled),
            Make.vital(.heartRate, 95, id: "prelim", at: Make.t0 - 120, status: .preliminary),
        ])
        #expect(latest.map(\.observationIDs) == [["ok"]])
    }

    @Test func separateHalvesCompeteWithPanelsAsBloodPressure() {
        let latest = LatestVitalRule.latest(from: [
            Make.bloodPressure(120, 80, id: "panel", at: Make.t0 - 60),
            Make.vital(.systolic, 150, id: "s", at: Make.t0), Make.vital(.diastolic, 95, id: "d", at: Make.t0),
        ])
        #expect(latest.count == 1)
        #expect(latest.first?.observationIDs == ["s", "d"])
    }
}
