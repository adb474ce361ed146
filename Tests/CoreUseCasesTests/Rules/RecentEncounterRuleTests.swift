import CoreDomain
import CoreUseCases
import Foundation
import Testing

@Suite struct RecentEncounterRuleTests {
    @Test func showsAllButEnteredInErrorNewestFirstUndatedLast() {
        let shown = RecentEncounterRule.shown([
            Make.encounter("old", start: Make.t0 - 1000),
            Make.encounter("nostart", start: nil),
            Make.encounter("error", start: Make.t0, status: .enteredInError),
            Make.encounter("new", start: Make.t0),
            Make.encounter("cancelled", start: Make.t0 - 500, status: .cancelled),
        ])
        #expect(shown.map(\.id) == ["new", "cancelled", "old", "nostart"])
    }

    @Test func recentIsTheNewestThreeThatTookPlace() {
        let recent = RecentEncounterRule.recent([
            Make.encounter("e1", start: Make.t0 - 4000),
            Make.encounter("e2", start: Make.t0 - 3000),
            Make.encounter("e3", start: Make.t0 - 2000),
            Make.encounter("e4", start: Make.t0 - 1000),
            Make.encounter("planned", start: Make.t0 + 9000, status: .planned),
            Make.encounter("cancelled", start: Make.t0, status: .cancelled),
        ])
        #expect(recent.map(\.id) == ["e4", "e3", "e2"])
    }

    @Test func sameStartIsOrderedByID() {
        let shown = RecentEncounterRule.shown([Make.encounter("a", start: Make.t0), Make.encounter("b", start: Make.t0)])
        #expect(shown.map(\.id) == ["b", "a"])
    }

    @Test func currentIsTheLatestInpatientEncounterInProgressOrArrived() {
        let encounters = [
            Make.encounter("older", start: Make.t0 - 5000, status: .inProgress),
            Make.encounter("arrived", start: Make.t0 - 100, status: .arrived),
            Make.encounter("finished", start: Make.t0, status: .finished),
            Make.encounter("outpatient", start: Make.t0, kind: .outpatient, status: .inProgress),
        ]
        #expect(RecentEncounterRule.current(encounters)?.id == "arrived")
        #expect(RecentEncounterRule.current(Array(encounters.suffix(2))) == nil)
    }
}
