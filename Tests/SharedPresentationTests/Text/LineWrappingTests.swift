@testable import SharedPresentation
import Testing

@Suite struct LineWrappingTests {
    /// Seen on the demo's Meds tab: `NS150 mL at 150 mL/h`. A first word as long as the indent
    /// of the lines that follow lost the space after it.
    @Test func aFirstWordAsLongAsTheIndentKeepsItsSpace() {
        let lines = LineWrapping.wrap([Span("NS 150 mL at 150 mL/h IV daily")], width: 20, indent: 2)
        #expect(lines.map(\.plainText) == ["NS 150 mL at", "  150 mL/h IV daily"])
    }

    @Test func aNumberStaysWithItsUnitAndContinuationLinesAreIndented() {
        let lines = LineWrapping.wrap([Span("Acetaminophen 500 mg PO q6h")], width: 18, indent: 2)
        #expect(lines.map(\.plainText) == ["Acetaminophen", "  500 mg PO q6h"])
    }
}
