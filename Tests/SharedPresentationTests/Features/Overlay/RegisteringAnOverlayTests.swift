import CoreDomain
import CoreUseCases
import Foundation
import SharedPresentation
import Testing
import TestSupport

/// The add-an-overlay promise: a second overlay registered at run time (`BedBoardState`, a
/// folder's worth of code in TestSupport, and nothing else changed) opens by its key from the
/// list, reads through its own effect, takes only its keys, is listed on `?`, opens a chart,
/// and drops what was meant for another overlay.
@Suite struct RegisteringAnOverlayTests {
    static func state() -> WorkstationState {
        var state = Census.state()
        state.overlays += [BedBoardState.kind]
        return state
    }

    static let opened: [WorkstationEffect] = [.overlay(OverlayEffect(BedBoardState.self, .read(ward: nil)))]

    static func loaded(_ entries: [PatientListEntry]) -> WorkstationAction {
        .overlay(OverlayMessage(BedBoardState.self, .loaded(entries)))
    }

    @Test func itsKeyOnTheListOpensItAndItsEffectReadsIt() {
        var state = Self.state()
        #expect(KeyHelp.bindings(for: state).contains(BedBoardState.open), "the list lists its key")
        #expect(state.press(.character("b")) == Self.opened)
        #expect(state.screen == .overlay)
        #expect(state.overlay?[BedBoardState.self] == BedBoardState())
        #expect(KeyHelp.bindings(for: state) == BedBoardState.keys + KeyHelp.overlayCommon)
        #expect(state.update(Self.loaded([Census.entry(1), Census.entry(0)])).isEmpty)
        #expect(state.overlay?[BedBoardState.self]?.beds.value?.count == 2)
    }

    @Test func withoutItsRegistrationItsKeyDoesNothing() {
        var state = Census.state()
        #expect(state.press(.character("b")).isEmpty)
        #expect(state.overlay == nil)
    }

    @Test func enterOpensTheChosenPatientsChartOnItsTabAndEscCloses() {
        var state = Self.state()
        #expect(state.press(.character("b")) == Self.opened)
        #expect(state.update(Self.loaded([Census.entry(0), Census.entry(1)])).isEmpty)
        #expect(state.press(.down).isEmpty)
        let chosen = state.overlay?[BedBoardState.self]?.beds.value?[1].id
        #expect(state.press(.enter) == [.chart(patientID: chosen ?? "", .load(.summary)), .chart(patientID: chosen ?? "", .load(.results))])
        #expect(state.overlay == nil && state.focus == .chart && state.chart?.tab == .results)
        var closing = Self.state()
        #expect(closing.press(.character("b")) == Self.opened)
        #expect(closing.press(.escape).isEmpty)
        #expect(closing.overlay == nil && closing.screen == .list)
    }

    @Test func anAnswerForAnotherOverlayIsDropped() {
        var state = Self.state()
        #expect(state.press(.character("b")) == Self.opened)
        #expect(state.update(.wardDoses(.loaded(WardDoseList(patients: [], window: 3600)))).isEmpty)
        #expect(state.overlay?[BedBoardState.self] == BedBoardState(), "still reading its own")
    }

    @Test func theHelpScreenHasItsBlockAndItReadsAgainAfterASync() {
        var state = Self.state()
        #expect(state.press(.character("b")) == Self.opened)
        #expect(state.update(.sync(.finished(at: Census.now))).contains(Self.opened[0]))
        var help = Self.state()
        #expect(help.press(.character("?")).isEmpty)
        let text = ChromeView.help(help, width: 78).map { $0.spans.map(\.text).joined() }.joined(separator: "\n")
        #expect(text.contains("Bed board (b)") && text.contains("the bed board"), "\(text)")
    }

    /// Its effect, run over the workstation's sources, answers as its own action.
    @Test func itsEffectRunsOverTheSources() async {
        let effect = OverlayEffect(BedBoardState.self, .read(ward: nil))
        let runner = UseCaseEffectRunner(WorkstationDependencies(directory: OnePatient(), chart: OnePatient(), audit: RecordingTrail()) { _ in (true, nil) })
        #expect(await runner.run(.overlay(effect)) == Self.loaded([Census.entry(1)]))
    }
}
