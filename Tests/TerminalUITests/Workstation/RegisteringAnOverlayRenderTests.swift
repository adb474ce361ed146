import CoreDomain
import SharedPresentation
import Testing
import TestSupport
@testable import TerminalUI

/// The add-an-overlay promise, drawn: the bed board registered at run time (`BedBoardState`
/// in TestSupport, nothing else changed) draws over both panes at the design size and the
/// smallest, titled, its chosen bed in view, its keys in the footer.
@Suite struct RegisteringAnOverlayRenderTests {
    static let sizes = [(columns: 80, rows: 24), (columns: 40, rows: 12)]

    @Test(arguments: sizes.indices)
    func theBedBoardDrawsOverBothPanesWithItsLastBedReachable(_ size: Int) {
        let (columns, rows) = Self.sizes[size]
        var state = SampleChart.state(columns: columns, rows: rows, focus: .list)
        state.overlays += [BedBoardState.kind]
        ScrollRegionCase.press(&state, .character("b"))
        let beds = (0..<30).map { n in
            PatientListEntry(patient: Patient(id: "b\(n)", mrn: "POP-2\(n)", name: PersonName(family: "Bed\(n)", given: ["Ann"])),
                             location: BedLocation(ward: "4W", bed: String(format: "%02d", n)))
        }
        ScrollRegionCase.send(&state, .overlay(OverlayMessage(BedBoardState.self, .loaded(beds))))
        var screen = SampleChart.render(state).joined(separator: "\n")
        #expect(state.screen == .overlay)
        #expect(screen.contains("Bed board") && screen.contains("Bed0"), "\(columns)x\(rows): \(screen)")
        if columns >= 80 { #expect(screen.contains("Esc back"), "its keys in the footer: \(screen)") }
        ScrollRegionCase.press(&state, .character("G"))
        screen = SampleChart.render(state).joined(separator: "\n")
        #expect(screen.contains("Bed29"), "G reaches the last bed at \(columns)x\(rows): \(screen)")
    }
}
