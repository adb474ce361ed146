import SharedPresentation
import CNcursesw

/// Maps what `get_wch` returns to a `Key`. Curses (keypad mode) already turns escape
/// sequences such as `ESC [ A` and the application-mode `ESC O A` into key codes.
enum KeyDecoder {
    /// `status` is get_wch's result (OK or KEY_CODE_YES), `value` the character or key code.
    /// Returns nil for input that has no meaning here (unmapped keys, NUL).
    static func decode(status: Int32, value: UInt32) -> Key? {
        if status == KEY_CODE_YES { return keyCodes[Int32(truncatingIfNeeded: value)] }
        guard status == OK, let scalar = Unicode.Scalar(value) else { return nil }
        switch value {
        case 0x0D, 0x0A: return .enter
        case 0x1B: return .escape
        case 0x09: return .tab
        case 0x08, 0x7F: return .backspace
        case 0x01...0x1A: return .control(Character(Unicode.Scalar(value + 0x60)!))
        case 0x00..<0x20, 0x80..<0xA0: return nil
        default: return .character(Character(scalar))
        }
    }

    /// Key codes, including the keypad and vt220 editing-block keys some ward terminals send.
    static let keyCodes: [Int32: Key] = {
        var codes: [Int32: Key] = [
            KEY_UP: .up, KEY_DOWN: .down, KEY_LEFT: .left, KEY_RIGHT: .right,
            KEY_PPAGE: .pageUp, KEY_NPAGE: .pageDown, KEY_HOME: .home, KEY_END: .end,
            KEY_A1: .home, KEY_A3: .pageUp, KEY_C1: .end, KEY_C3: .pageDown,
            KEY_FIND: .home, KEY_SELECT: .end,
            KEY_ENTER: .enter, KEY_BACKSPACE: .backspace, KEY_DC: .delete, KEY_BTAB: .backTab,
        ]
        for number in 1...24 { codes[KEY_F0 + Int32(number)] = .function(number) }
        return codes
    }()
}
