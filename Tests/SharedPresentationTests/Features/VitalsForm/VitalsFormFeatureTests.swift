import CoreDomain
import CoreUseCases
import Foundation
import Testing
@testable import SharedPresentation

/// The vitals form on its own: each update's effects and what it tells the workstation.
@Suite struct VitalsFormFeatureTests {
    private let context = ChartingContext(
        now: Census.now, calendar: Calendar(identifier: .gregorian), geometry: WorkstationGeometry(columns: 80, rows: 24),
        view: Census.state().layoutContext)

    private func form() -> VitalsFormState {
        var state = Charted.state()
        #expect(state.press(.character("a")).isEmpty)
        return state.form!
    }

    private func confirming() -> VitalsFormState {
        var form = form()
        for key in "80" { #expect(form.update(.key(.character(key)), in: context) == .none) }
        #expect(form.update(.key(.enter), in: context) == .tell(.say(nil)))
        return form
    }

    /// `confirming()` after Enter: the outbox is asked to store the reviewed entry, once.
    private func saving() -> VitalsFormState {
        var form = confirming()
        guard form.step == .confirming, let review = form.review else {
            Issue.record("not at the confirm step")
            return form
        }
        #expect(form.update(.key(.enter), in: context) == FeatureStep(effects: [RecordVitalsSave(review.entry).effect], delegates: [.say(StatusText.saving)]))
        return form
    }

    @Test func enterOnTheConfirmStepAsksTheOutboxToStoreTheEntry() {
        var form = saving()
        #expect(form.update(.key(.enter), in: context) == .none, "nothing changes while the outbox stores it")
    }

    @Test func aRefusedSaveGoesBackToTheConfirmStepAndSaysWhy() {
        var form = saving()
        #expect(form.update(.saveFailed("disk full"), in: context) == .tell(.say(.critical("not saved: disk full"))))
        guard case .confirming = form.step else {
            Issue.record("not back at the confirm step")
            return
        }
    }

    @Test func escAsksBeforeDroppingTypedValuesAndLeavesOnTheSecond() {
        var form = form()
        #expect(form.update(.key(.character("9")), in: context) == .none)
        #expect(form.update(.key(.escape), in: context)
            == .tell(.say(.warning("press Esc again to discard the values typed, any other key to go on"))))
        #expect(form.update(.key(.escape), in: context) == .tell(.say(nil), .close))
    }

    @Test func aWeightFarFromTheLastOneIsAskedAboutOnTheConfirmStep() {
        let lastWeight = VitalReading(sign: .weight, effective: Census.now.addingTimeInterval(-2 * 86_400),
                                      value: .single(Quantity(value: Decimal(string: "100.3")!, unit: "kg", ucumCode: "kg")),
                                      flag: .normal, observationIDs: ["wt"])
        var state = Charted.state(readings: Charted.readings + [lastWeight])
        #expect(state.press(.character("a")).isEmpty)
        while state.form?.focus != .weight { #expect(state.press(.tab).isEmpty) }
        #expect(state.type("1").isEmpty)
        #expect(state.press(.enter).isEmpty, "the confirm step saves nothing yet")
        guard state.form?.step == .confirming, let review = state.form?.review else {
            Issue.record("not at the confirm step")
            return
        }
        #expect(review.doubts.map(\.name) == ["weight"])
        let lines = VitalsFormView.confirm(review, width: 76, context: state.layoutContext).lines.map(\.plainText)
        #expect(lines.contains { $0.hasPrefix("weight 1 kg: last 100.3 kg at ") && $0.hasSuffix("Correct?") }, "\(lines)")
    }

    @Test func anEmptyFormLeavesAtOnce() {
        var form = form()
        #expect(form.update(.key(.escape), in: context) == .tell(.close))
    }
}
