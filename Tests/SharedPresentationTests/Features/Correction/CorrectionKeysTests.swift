import CoreDomain
import CoreUseCases
import Foundation
import Testing
@testable import SharedPresentation

@Suite struct CorrectionKeysTests {
    @Test func arrowsChooseARoundAndXStartsItsCorrection() {
        var state = Charted.state(tab: .vitals)
        #expect(state.press(.down, .down, .down).isEmpty)
        #expect(state.chart?[VitalsState.self]?.selectedRound == 1, "two rounds: the highlight stops at the last")
        #expect(state.press(.character("k"), .character("x")).isEmpty)
        #expect(state.correction?.round.observationIDs == ["hr-new", "t-new"])
        #expect(state.correction?.step == .reason)
    }

    @Test func aCorrectionMarksOnlyTheChosenPerformersSetNeverAnotherWithinTheSameMinutes() throws {
        let readings = [
            Charted.reading(.heartRate, 88, id: "hr-ann", minutesAgo: 5, by: "Ann"),
            Charted.reading(.temperature, 37, id: "t-bob", minutesAgo: 6, by: "Bob"),
            Charted.reading(.oxygenSaturation, 97, id: "spo2-server", minutesAgo: 7),
            Charted.reading(.respiratoryRate, 16, id: "rr-ann", minutesAgo: 5, by: "Ann"),
        ]
        let rounds = VitalsRound.rounds(VitalSeries.series(from: readings))
        #expect(rounds.map(\.observationIDs) == [["hr-ann", "rr-ann"], ["t-bob"], ["spo2-server"]])
        var state = Charted.state(tab: .vitals, readings: readings)
        #expect(state.press(.character("x")).isEmpty)
        #expect(state.type("wrong patient").isEmpty)
        #expect(state.press(.enter).isEmpty)
        let correction = try #require(state.correction)
        #expect(correction.round.performer == "Ann")
        let confirm = CorrectionView.content(correction, width: 80, context: ViewContext(now: Census.now, timeZone: Charted.utc, unicode: true) { _ in "" })
            .lines.map(\.plainText).joined(separator: "\n")
        #expect(confirm.contains("by Ann") && confirm.contains("these 2 values"))
        #expect(!confirm.contains("Bob") && !confirm.contains("SpO"))
        #expect(state.press(.enter) == [.charting(CorrectionSave(patientID: "p0", observationIDs: ["hr-ann", "rr-ann"], reason: "wrong patient").effect)])
    }

    @Test func oneNursesTwoEntriesMinutesApartAreTwoRowsSoACorrectionMarksOnlyOne() {
        let readings = [
            Charted.reading(.heartRate, 88, id: "hr-first", minutesAgo: 5, by: "Ann"),
            Charted.reading(.oxygenSaturation, 97, id: "spo2-first", minutesAgo: 5, by: "Ann"),
            Charted.reading(.temperature, 37, id: "t-second", minutesAgo: 9, by: "Ann"),
            Charted.reading(.heartRate, 80, id: "hr-source", minutesAgo: 20),
            Charted.reading(.temperature, 37, id: "t-source", minutesAgo: 24),
        ]
        #expect(VitalsRound.rounds(VitalSeries.series(from: readings)).map(\.observationIDs) == [
            ["hr-first", "spo2-first"], ["t-second"], ["hr-source", "t-source"],
        ], "an unattributed source's set still shares a row within 15 minutes")
        var state = Charted.state(tab: .vitals, readings: readings)
        #expect(state.press(.down, .character("x")).isEmpty)
        #expect(state.type("wrong patient").isEmpty)
        #expect(state.press(.enter).isEmpty)
        #expect(state.press(.enter) == [.charting(CorrectionSave(patientID: "p0", observationIDs: ["t-second"], reason: "wrong patient").effect)])
    }

    @Test func oneNursesRoundChartedOverAMinuteIsOneRowAndCorrectedWhole() {
        let readings = [
            Charted.reading(.heartRate, 88, id: "hr", minutesAgo: 5, by: "Ann"),
            Charted.reading(.oxygenSaturation, 97, id: "spo2", minutesAgo: 5 + 20.0 / 60, by: "Ann"),
            Charted.reading(.temperature, 37, id: "t", minutesAgo: 5 + 50.0 / 60, by: "Ann"),
        ]
        let rounds = VitalsRound.rounds(VitalSeries.series(from: readings))
        #expect(rounds.count == 1)
        #expect(Set(rounds.first?.observationIDs ?? []) == ["hr", "spo2", "t"], "x marks the whole round")
    }

    @Test func aReasonIsRequiredThenConfirmedThenSaved() {
        var state = Charted.state(tab: .vitals)
        #expect(state.press(.character("x"), .enter).isEmpty)
        #expect(state.correction?.refusal == VitalsChartingError.reasonMissing.errorDescription)
        #expect(state.type("wrong patient ").isEmpty)
        #expect(state.correction?.refusal == nil)
        #expect(state.press(.enter).isEmpty)
        #expect(state.correction?.step == .confirming && state.correction?.reason == "wrong patient")
        #expect(state.press(.escape).isEmpty)
        #expect(state.correction?.step == .reason, "Esc goes back, nothing marked")
        #expect(state.press(.enter).isEmpty)
        let effects = state.press(.enter)
        #expect(effects == [.charting(CorrectionSave(patientID: "p0", observationIDs: ["hr-new", "t-new"], reason: "wrong patient").effect)])
        #expect(state.press(.enter).isEmpty)
        let reload = state.update(.charting(patientID: "p0", .saved(outbox: OutboxStatus(pending: 1))))
        #expect(state.charting == nil)
        #expect(state.notice?.text == "marked 2 values entered in error, stays pending in the demo (no server)")
        #expect(reload == Charted.reloaded(), "what is on screen shows the mark, without a new access audited")
    }

    @Test func theArrowsScrollTheConfirmStepButAreNotTypedIntoTheReason() {
        var state = Charted.state(tab: .vitals)
        // On the narrowest screen the round takes more rows than the step has.
        #expect(state.update(.resized(columns: 40, rows: 12)).isEmpty)
        #expect(state.press(.character("x")).isEmpty)
        #expect(state.type("wrong patient").isEmpty)
        #expect(state.press(.down, .enter, .down, .down).isEmpty)
        #expect(state.correction?.reason == "wrong patient")
        #expect(state.charting?.position.offset == 2)
        #expect(state.press(.up, .up, .up).isEmpty)
        #expect(state.charting?.position.offset == 0)
        #expect(state.press(.end, .escape, .enter).isEmpty)
        #expect(state.charting?.position.offset == 0, "a new confirm opens at the top")
    }

    @Test func escOnTheReasonLeavesWithoutMarking() {
        var state = Charted.state(tab: .vitals)
        #expect(state.press(.character("x")).isEmpty)
        #expect(state.type("typo").isEmpty)
        #expect(state.press(.escape).isEmpty)
        #expect(state.charting == nil)
    }

    @Test func aRoundAlreadyEnteredInErrorCannotBeMarkedAgain() {
        let readings = [Charted.reading(.heartRate, 180, id: "bad", minutesAgo: 10, inError: true)] + Charted.readings
        var state = Charted.state(tab: .vitals, readings: readings)
        #expect(state.press(.character("x")).isEmpty)
        #expect(state.charting == nil)
        #expect(state.notice?.text == VitalsChartingError.nothingToCorrect.errorDescription)
    }

    @Test func xOnlyWorksOnTheVitalsTab() {
        var state = Charted.state(tab: .summary)
        #expect(state.press(.character("x")).isEmpty)
        #expect(state.charting == nil)
    }

    /// Marking another person's round is a different act: the screen says whose it is, and a
    /// ward with `correct_others = no` keeps it to its author.
    @Test func anotherPersonsRoundSaysWhoseAndAWardMayForbidIt() throws {
        let readings = [Charted.reading(.heartRate, 88, id: "hr-ann", minutesAgo: 5, by: "Ann")]
        var state = Charted.state(tab: .vitals, readings: readings)
        #expect(state.session.user != "Ann")
        #expect(state.press(.character("x")).isEmpty)
        let correction = try #require(state.correction)
        #expect(!correction.isOwn)
        let screen = CorrectionView.content(correction, width: 80, context: ViewContext(now: Census.now, timeZone: Charted.utc, unicode: true) { _ in "" })
            .lines.map(\.plainText).joined(separator: " ")
        #expect(screen.contains("Another person's entry: charted by Ann, not by you."))

        var strict = Charted.state(tab: .vitals, readings: readings)
        strict.session.mayCorrectOthers = false
        #expect(strict.press(.character("x")).isEmpty)
        #expect(strict.correction == nil)
        #expect(strict.notice?.text == "charted by Ann: only its author may mark it (ward rule)")

        var own = Charted.state(tab: .vitals, readings: [Charted.reading(.heartRate, 88, id: "hr-me", minutesAgo: 5, by: strict.session.user + " via emr-ward")])
        own.session.mayCorrectOthers = false
        #expect(own.press(.character("x")).isEmpty)
        #expect(own.correction?.isOwn == true, "a nurse's own round, as the server names it")
    }
}
