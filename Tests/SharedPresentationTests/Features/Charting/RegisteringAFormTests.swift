import CoreDomain
import Foundation
import Testing
@testable import SharedPresentation

/// A form is one feature (`PainScoreForm`, written for this test) and one line in the list of
/// forms: with nothing else changed, its key is in `?` and the footer and opens it, it draws,
/// its keys work (and agree with its help), and its save goes through the effect runner into
/// the outbox with an audit entry.
@Suite struct RegisteringAFormTests {
    /// p1's chart (the runner's one patient) focused on its summary, with the pain score form
    /// registered after the app's own.
    private static func withPainScore() -> WorkstationState {
        var state = Census.state()
        #expect(state.press(.down) == Census.opened("p1"))
        #expect(state.press(.enter).isEmpty)
        #expect(state.update(.chart(patientID: "p1", .loaded(ChartContent(SummaryState.self, Census.summary(for: Census.entry(1)))))).isEmpty)
        state.chartingForms = ChartingFormKind.registered + [.painScore]
        return state
    }

    private static func drawn(_ state: WorkstationState) -> [String] {
        state.charting?.content(width: 40, context: state.layoutContext).lines.map(\.plainText) ?? []
    }

    @Test func itsKeyIsInHelpAndTheFooter() {
        let state = Self.withPainScore()
        let help = ChromeView.help(state, width: 80).map(\.plainText)
        #expect(help.contains { $0.contains("p") && $0.contains("record a pain score") })
        #expect(help.contains("Pain score"))
        #expect(help.contains { $0.contains("save the pain score") })
        #expect(ChromeView.footer(state, width: 200).plainText.contains("p pain"))
        KeyBindingAgreementTests.expectAgreement(state, "chart with the pain score form registered")
    }

    @Test func withoutItsLineTheKeyDoesNothing() {
        var store = TestStore(ChartKeysTests.chartState())
        store.press(.character("p"))
        #expect(!ChromeView.help(store.state, width: 80).map(\.plainText).contains("Pain score"))
    }

    @Test func itsKeyOpensItItDrawsAndItsSaveIsStoredAndAudited() async throws {
        var store = TestStore(Self.withPainScore())
        store.press(.character("p")) { $0.charting = $0.opening(PainScoreForm(patientID: "p1")) }
        #expect(store.state.charting?.title == "Pain score")
        #expect(Self.drawn(store.state) == ["Pain (0-10): "])
        #expect(ChromeView.footer(store.state, width: 80).plainText.contains("type 0-10"))

        store.press(.character("7")) { $0.showForm(PainScoreForm(patientID: "p1", score: "7")) }
        #expect(Self.drawn(store.state) == ["Pain (0-10): 7"])
        KeyBindingAgreementTests.expectAgreement(store.state, "pain score form", scrolls: false)
        let entry = VitalsEntry(patientID: "p1", effective: store.state.now, painScore: 7)
        store.press(.enter, effects: [.charting(PainScoreSave(entry: entry).effect)]) {
            $0.showForm(PainScoreForm(patientID: "p1", score: "7", step: .saving))
            $0.notice = StatusText.saving
        }

        let outbox = MemoryOutbox(), trail = RecordingTrail()
        let runner = UseCaseEffectRunner(WorkstationDependencies(directory: OnePatient(), chart: OnePatient(), audit: trail, charting: outbox) { _ in (true, nil) })
        let answer = try #require(await runner.run(.charting(PainScoreSave(entry: entry).effect)))
        #expect(answer == .charting(patientID: "p1", .saved(outbox: OutboxStatus(pending: 1))))
        #expect(await outbox.entries.map(\.painScore) == [7])
        #expect(await outbox.audited == [[.charting]], "stored with its audit entry")

        // The chart reloads, as after any save, so the new value shows at once, marked pending.
        var reloaded = store.state
        store.send(answer, effects: reloaded.refreshAfterDataChange()) {
            $0.charting = nil
            $0.outbox = OutboxStatus(pending: 1)
            $0.notice = Notice("pain score 7 saved", tone: .info, kind: .savedPending)
            $0.chart?[VitalsState.self]?.selectedRound = 0
        }
    }

    /// What the footer and the keys allow on a form, `?` lists: no form has a key help leaves out.
    @Test func everyKeyOfTheFormIsInItsHelp() {
        let form = PainScoreForm(patientID: "p1")
        let help = PainScoreForm.descriptor.help.flatMap(\.bindings)
        for binding in form.bindings { #expect(help.contains(binding), "\(binding.label) \(binding.action)") }
    }
}
