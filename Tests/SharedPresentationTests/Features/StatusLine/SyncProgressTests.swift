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
        #expect(state.update(.sync(.progress(requests: 1))).isEmpty)
        #expect(state.notice == Notice("syncing with the server: 1 request so far…", tone: .progress, kind: .syncProgress))
        #expect(state.update(.sync(.progress(requests: 12))).isEmpty)
        #expect(state.notice?.text == "syncing with the server: 12 requests so far…")
        #expect(state.update(.sync(.finished(at: Census.now))) == Census.syncRefresh(chart: "p0"))
        #expect(state.notice == nil, "done: the line is the keys' again")

        #expect(state.update(.sync(.progress(requests: 3))).isEmpty)
        #expect(state.update(.sync(.failed("the server did not answer", offline: true))) == [.checkOutbox])
        #expect(state.notice == StatusText.syncFailed("the server did not answer"))
    }

    @Test func itNeverTalksOverWhatTheUserMustRead() {
        var state = Census.state()
        state.notice = StatusText.quitQuestion(["2 unsent entries"])
        #expect(state.update(.sync(.progress(requests: 4))).isEmpty)
        #expect(state.isQuitConfirmPending, "the question stays, and with it its answer")
        state.notice = StatusText.notSaved("disk full")
        #expect(state.update(.sync(.progress(requests: 5))).isEmpty)
        #expect(state.notice == StatusText.notSaved("disk full"))
    }

    /// The runner hands on what the sync says meanwhile, then its answer, in that order.
    @Test func theRunnerStreamsTheSyncsProgressThenItsAnswer() async {
        let runner = UseCaseEffectRunner(WorkstationDependencies(directory: OnePatient(), chart: OnePatient(), audit: RecordingTrail(), sync: { progress in
            progress(.sync(.progress(requests: 2)))
            progress(.sync(.progress(requests: 7)))
            return .sync(.finished(at: Census.now))
        }) { _ in (true, nil) })
        let heard = Mutex<[WorkstationAction]>([])
        await runner.run(.syncWithServer) { action in heard.withLock { $0.append(action) } }
        #expect(heard.withLock { $0 } == [.sync(.progress(requests: 2)), .sync(.progress(requests: 7)), .sync(.finished(at: Census.now))])
    }
}
