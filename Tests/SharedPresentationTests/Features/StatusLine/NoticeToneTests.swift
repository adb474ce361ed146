import CoreDomain
import CoreUseCases
import Foundation
@testable import SharedPresentation
import Testing

/// A notice is drawn in its tone's style: "saving…" must not look like a refusal, nor a refused
/// save like "saved". The status line was a string drawn in the warning style whatever it said.
@Suite struct NoticeToneTests {
    @Test func eachToneHasItsOwnStyle() {
        let roles = Notice.Tone.allCases.map(StatusLineView.role)
        #expect(Set(roles).count == Notice.Tone.allCases.count, "\(roles)")
        for tone in Notice.Tone.allCases {
            var state = Census.state(columns: 80, rows: 24)
            state.notice = Notice("said", tone: tone)
            #expect(ChromeView.footer(state, width: 80).spans.map(\.role) == [StatusLineView.role(tone)])
        }
    }

    /// The workstation's own lines carry the tone of what they mean.
    @Test func whatIsSaidCarriesItsTone() {
        #expect(StatusText.saving.tone == .progress)
        #expect(StatusText.loggedInAgain.tone == .progress)
        #expect(StatusText.allOnServer.tone == .info)
        #expect(StatusText.notSaved("disk full").tone == .critical)
        #expect(StatusText.patientListFailed("disk full").tone == .critical)
        #expect(StatusText.quitQuestion(["form not saved"]).tone == .warning)
        #expect(StatusText.syncFailed("no answer").tone == .warning)
    }

    /// The path a user takes: a refused save says so in the critical style, and the form keeps it.
    @Test func aRefusedSaveIsCriticalAndASavedOneIsInformation() {
        var state = Census.state()
        #expect(state.update(.cache(.damaged("the cache is damaged: restore it"))) == [])
        #expect(state.notice == .critical("the cache is damaged: restore it"))
        #expect(state.update(.sync(.failed("no answer", offline: true))) == [.checkOutbox])
        #expect(state.notice?.tone == .warning)
        #expect(state.update(.outbox(.unreadable("disk full"))) == [])
        #expect(state.notice == StatusText.outboxUncounted("disk full"))
    }
}
