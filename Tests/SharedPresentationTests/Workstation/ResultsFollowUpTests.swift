import CoreDomain
import Foundation
import Testing
@testable import SharedPresentation

/// The listener's news in the state: a sync for the patients it names, never one beside a sync
/// under way, and the neutral notice by bed once the sync brought them.
@Suite struct ResultsFollowUpTests {
    static let bed4E = ResultsPatient(id: "p1", bed: "4E-01")

    /// Online, following the listener, its first sync done.
    private static func following() -> WorkstationState {
        var state = Census.state()
        state.syncSchedule = SyncSchedule(interval: 300)
        state.results.isFollowing = true
        #expect(!state.update(.sync(.finished(at: Census.now))).contains(.syncWithServer), "nothing waits for another")
        return state
    }

    @Test func theListenerIsFollowedFromTheStart() {
        var state = Census.state()
        state.syncSchedule = SyncSchedule(interval: 300)
        state.results.isFollowing = true
        #expect(state.start().suffix(2) == [.syncWithServer, .followResults])
    }

    @Test func aNamedPatientIsSyncedAtOnceThenAnnouncedByBed() {
        var state = Self.following()
        #expect(state.update(.listener(.changed([Self.bed4E]))) == [.syncWithServer])
        #expect(state.update(.sync(.finished(at: Census.now))).contains(.syncWithServer) == false)
        #expect(state.notice?.text == "new results for bed 4E-01")
    }

    @Test func namesDuringASyncWaitForItsEndThenOneMoreSync() {
        var state = Self.following()
        #expect(state.update(.listener(.fullSyncAsked)) == [.syncWithServer])
        for _ in 0..<1_000 { #expect(state.update(.listener(.changed([Self.bed4E]))).isEmpty) }
        #expect(state.update(.sync(.finished(at: Census.now))).filter { $0 == .syncWithServer } == [.syncWithServer])
        #expect(state.notice == nil)
        #expect(!state.update(.sync(.finished(at: Census.now))).contains(.syncWithServer))
        #expect(state.notice?.text == "new results for bed 4E-01")
    }

    @Test func aFailedSyncKeepsThePatientsForTheNextOne() {
        var state = Self.following()
        #expect(state.update(.listener(.changed([Self.bed4E, ResultsPatient(id: "p2", bed: nil)]))) == [.syncWithServer])
        #expect(!state.update(.sync(.failed("cannot reach the FHIR server", offline: true))).contains(.syncWithServer))
        #expect(state.update(.timerFired(.nextSync)) == [.syncWithServer])
        #expect(!state.update(.sync(.finished(at: Census.now))).contains(.syncWithServer), "they came with it")
        #expect(state.notice?.text == "new results for 2 patients")
    }

    @Test func withoutAServerNothingIsSynced() {
        var state = Census.state()
        #expect(state.update(.listener(.changed([Self.bed4E]))).isEmpty)
    }
}
