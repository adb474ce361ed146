import SharedPresentation
import Testing

@Suite struct DisplayWidthTests {
    @Test func countsCellsNotCharactersOrBytes() {
        #expect(DisplayWidth.cells("BROWN") == 5)
        #expect(DisplayWidth.cells("°C") == 2)
        #expect(DisplayWidth.cells("Müller") == 6)
        #expect(DisplayWidth.cells("Mu\u{308}ller") == 6, "a combining mark takes no cell")
        #expect(DisplayWidth.cells("山田") == 4)
        #expect(DisplayWidth.cells("ＡＢ") == 4)
        #expect(DisplayWidth.cells("a\u{200D}b") == 2)
        #expect(DisplayWidth.cells("") == 0)
    }
}
