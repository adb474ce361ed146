import CoreDomain
import Foundation
@testable import SharedPresentation
import Synchronization
import Testing

/// The listener's news in the state: a sync of the patients it names (theirs only, the periodic
/// census sync left where it was), never one beside a sync under way, and the neutral notice
/// by bed once the sync brought them.
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
        #expect(state.update(.listener(.changed([Self.bed4E]))) == [.syncPatients(["p1"])])
        let after = state.update(.sync(.finished(at: Census.now + 60)))
        #expect(!after.contains(.syncWithServer) && !after.contains { $0.syncedPatients != nil })
        #expect(state.notice?.text == "new results for bed 4E-01")
        #expect(!after.contains(.schedule(.nextSync, after: 300)), "the census sync stays due when it was: a stream of results never puts it off")
        #expect(state.sync == .synced(Census.now), "the header's time is the census sync's")
    }

    @Test func aFullSyncAskedForMeanwhileTakesTheNamedPatientsWithIt() {
        var state = Self.following()
        #expect(state.update(.listener(.changed([Self.bed4E]))) == [.syncPatients(["p1"])])
        #expect(state.update(.listener(.changed([ResultsPatient(id: "p2", bed: "4E-02")]))).isEmpty)
        #expect(state.update(.listener(.fullSyncAsked)).isEmpty)
        #expect(state.update(.sync(.finished(at: Census.now))).filter { $0 == .syncWithServer || $0.syncedPatients != nil } == [.syncWithServer])
        #expect(state.update(.sync(.finished(at: Census.now))).contains(.schedule(.nextSync, after: 300)), "a census sync sets the next")
        #expect(state.notice?.text == "new results for bed 4E-02")
    }

    @Test func namesDuringASyncWaitForItsEndThenOneMoreSync() {
        var state = Self.following()
        #expect(state.update(.listener(.fullSyncAsked)) == [.syncWithServer])
        for _ in 0..<1_000 { #expect(state.update(.listener(.changed([Self.bed4E]))).isEmpty) }
        #expect(state.update(.sync(.finished(at: Census.now))).filter { $0 == .syncWithServer || $0.syncedPatients != nil } == [.syncPatients(["p1"])])
        #expect(state.notice == nil)
        #expect(!state.update(.sync(.finished(at: Census.now))).contains(.syncWithServer))
        #expect(state.notice?.text == "new results for bed 4E-01")
    }

    @Test func aFailedSyncKeepsThePatientsForTheNextOne() {
        var state = Self.following()
        #expect(state.update(.listener(.changed([Self.bed4E, ResultsPatient(id: "p2", bed: nil)]))) == [.syncPatients(["p1", "p2"])])
        #expect(!state.update(.sync(.failed("cannot reach the FHIR server", offline: true))).contains(.syncWithServer))
        #expect(state.update(.timerFired(.nextSync)) == [.syncWithServer])
        #expect(!state.update(.sync(.finished(at: Census.now))).contains(.syncWithServer), "they came with it")
        #expect(state.notice?.text == "new results for 2 patients")
    }

    /// The runner syncs the named patients through the dependency made for it, not the census sync.
    @Test func theRunnerSyncsNamedPatientsOnly() async {
        let asked = Mutex<[[String]]>([])
        let runner = UseCaseEffectRunner(WorkstationDependencies(
            directory: OnePatient(), chart: OnePatient(), audit: RecordingTrail(),
            sync: { _ in .sync(.failed("the census sync ran", offline: false)) },
            syncPatients: { patients, _ in
                asked.withLock { $0.append(patients) }
                return .sync(.finished(at: Census.now))
            }) { _ in (true, nil) })
        let heard = Mutex<[WorkstationAction]>([])
        await runner.run(.syncPatients(["p1", "p2"])) { action in heard.withLock { $0.append(action) } }
        #expect(heard.withLock { $0 } == [.sync(.finished(at: Census.now))])
        #expect(asked.withLock { $0 } == [["p1", "p2"]])
    }

    @Test func withoutAServerNothingIsSynced() {
        var state = Census.state()
        #expect(state.update(.listener(.changed([Self.bed4E]))).isEmpty)
    }
}
