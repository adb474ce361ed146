import CNcursesw
import Testing
@testable import TerminalUI

@Suite struct KeyDecoderTests {
    private func code(_ value: Int32) -> Key? { KeyDecoder.decode(status: KEY_CODE_YES, value: UInt32(value)) }
    private func char(_ value: UInt32) -> Key? { KeyDecoder.decode(status: OK, value: value) }

    @Test func keyCodesMapToKeys() {
        let expected: [(Int32, Key)] = [
            (KEY_UP, .up), (KEY_DOWN, .down), (KEY_LEFT, .left), (KEY_RIGHT, .right),
            (KEY_PPAGE, .pageUp), (KEY_NPAGE, .pageDown), (KEY_HOME, .home), (KEY_END, .end),
            (KEY_ENTER, .enter), (KEY_BACKSPACE, .backspace), (KEY_DC, .delete), (KEY_BTAB, .backTab),
            (KEY_F0 + 1, .function(1)), (KEY_F0 + 12, .function(12)),
            (KEY_A1, .home), (KEY_C3, .pageDown), (KEY_FIND, .home), (KEY_SELECT, .end),
        ]
        for (value, key) in expected { #expect(code(value) == key) }
        #expect(code(KEY_MOUSE) == nil)
        // The event loop owns SIGWINCH, so a curses resize code is never a key.
        #expect(code(KEY_RESIZE) == nil)
    }

    @Test func controlCharactersMapToKeys() {
        #expect(char(0x0D) == .enter)
        #expect(char(0x0A) == .enter)
        #expect(char(0x1B) == .escape)
        #expect(char(0x09) == .tab)
        #expect(char(0x7F) == .backspace)
        #expect(char(0x08) == .backspace)
        #expect(char(0x0C) == .control("l"))
        #expect(char(0x01) == .control("a"))
        #expect(char(0x1A) == .control("z"))
        #expect(char(0x00) == nil)
        #expect(char(0x1C) == nil)
        #expect(char(0x9B) == nil)
    }

    @Test func printableCharactersIncludingNonASCII() {
        #expect(char(0x71) == .character("q"))
        #expect(char(0x2F) == .character("/"))
        #expect(char(0xFC) == .character("ü"))
        #expect(char(0x674E) == .character("李"))
        #expect(KeyDecoder.decode(status: ERR, value: 0x71) == nil)
    }
}
