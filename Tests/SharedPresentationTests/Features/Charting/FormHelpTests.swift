@testable import SharedPresentation
import Testing

/// `?` on a form lists every key the form takes at any of its steps: a nurse recording a dose
/// or setting the SpO2 target can look up what `g`, `y` or a reason's letter does.
@Suite struct FormHelpTests {
    private func help(_ descriptor: ChartingFormDescriptor) -> [KeyBinding] { descriptor.help.flatMap(\.bindings) }

    @Test func theDoseFormsHelpListsTheKeysOfEveryStep() {
        let steps: [DoseFormState.Step] = [
            .wristband, .choose, .dose, .route, .time, .reason, .otherReason,
            .warning(.timing(.late(minutes: 95))), .warning(.allergy("penicillin")), .correctionReason, .confirming,
        ]
        let listed = help(DoseFormState.descriptor)
        for step in steps {
            for binding in KeyHelp.doseForm(step) { #expect(listed.contains(binding), "\(step): \(binding.label) \(binding.action)") }
        }
        #expect(listed.contains(KeyHelp.doseSecondDose), "the double-dose guard's y")
    }

    @Test func theSpO2TargetsHelpListsItsConfirmKeys() {
        let listed = help(SpO2TargetState.descriptor)
        for binding in KeyHelp.spo2TargetConfirm { #expect(listed.contains(binding), "\(binding.label) \(binding.action)") }
    }
}
