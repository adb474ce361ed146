import CoreDomain
import Foundation
@testable import SharedPresentation
import Synchronization
import Testing

/// A sync that takes a while says how far it is on the status line, as a progress notice, and
/// its answer takes the line back; it never talks over a question, a refusal or "saved".
@Suite struct SyncProgressTests {
    @Test func aLongSyncSaysHowFarItIsAndItsAnswerTakesTheLineBack() {
        var state = Census.state()
        #expect(state.update(.syncProgress(requests: 1)).isEmpty)
        #expect(state.notice == Notice("syncing with the server: 1 request so far…", tone: .progress, kind: .syncProgress))
        #expect(state.update(.syncProgress(requests: 12)).isEmpty)
        #expect(state.notice?.text == "syncing with the server: 12 requests so far…")
        #expect(state.update(.syncFinished(at: Census.now)) == Census.syncRefresh(chart: "p0"))
        #expect(state.notice == nil, "done: the line is the keys' again")

        #expect(state.update(.syncProgress(requests: 3)).isEmpty)
        #expect(state.update(.syncFailed("the server did not answer", offline: true)) == [.checkOutbox])
        #expect(state.notice == StatusText.syncFailed("the server did not answer"))
    }

    @Test func itNeverTalksOverWhatTheUserMustRead() {
        var state = Census.state()
        state.notice = StatusText.quitQuestion(["2 unsent entries"])
        #expect(state.update(.syncProgress(requests: 4)).isEmpty)
        #expect(state.isQuitConfirmPending, "the question stays, and with it its answer")
        state.notice = StatusText.notSaved("disk full")
        #expect(state.update(.syncProgress(requests: 5)).isEmpty)
        #expect(state.notice == StatusText.notSaved("disk full"))
    }

    /// The runner hands on what the sync says meanwhile, then its answer, in that order.
    @Test func theRunnerStreamsTheSyncsProgressThenItsAnswer() async {
        let runner = UseCaseEffectRunner(WorkstationDependencies(directory: OnePatient(), chart: OnePatient(), audit: RecordingTrail(), sync: { progress in
            progress(.syncProgress(requests: 2))
            progress(.syncProgress(requests: 7))
            return .syncFinished(at: Census.now)
        }) { _ in (true, nil) })
        let heard = Mutex<[WorkstationAction]>([])
        await runner.run(.syncWithServer) { action in heard.withLock { $0.append(action) } }
        #expect(heard.withLock { $0 } == [.syncProgress(requests: 2), .syncProgress(requests: 7), .syncFinished(at: Census.now)])
    }
}
