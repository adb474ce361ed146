import SharedPresentation
import Testing
@testable import TerminalUI

/// The dose form at a small terminal (40x12, below the 80x24 design size): the body scrolls to
/// keep the field being typed in view, and the order (drug, dose, route) stays pinned above it,
/// so the nurse always sees what they are recording.
@Suite struct DoseFormPinnedOrderTests {
    @Test func theOrderStaysInViewWhileTheWristbandsRefusalScrollsTheBody() {
        var state = SampleChart.state(columns: 40, rows: 12, tab: .medications)
        ChartingScreens.press(&state, [.character("m"), .character("r")])
        ChartingScreens.type(&state, "WRONG-0001")
        ChartingScreens.press(&state, [.enter])
        var buffer = ScreenBuffer(width: 40, height: 12)
        let cursor = WorkstationRenderer.render(state, into: &buffer, timeZone: SampleChart.utc)
        let screen = buffer.textSnapshot()
        let words = ChartingRendererTests.words(screen)
        #expect(words.contains("Order Prednisone 40 mg PO"), "the drug, dose and route pinned: \(screen.joined(separator: "\n"))")
        #expect(words.contains("Wristband MRN:"), "the field in view: \(screen.joined(separator: "\n"))")
        #expect(words.contains("wristband does not match"), "and what was said about it")
        #expect(cursor.map { screen[$0.row].contains("Wristband MRN:") } == true, "the cursor on the field")
    }
}
