/// A terminal the workstation can draw on: `TerminalDevice`'s input and signals, plus the
/// size, buffers and presentation. `CursesTerminal` is the real one; tests run the whole
/// workstation on an in-memory one.
public protocol ScreenDevice: TerminalDevice {
    var size: TerminalSize { get }
    /// An empty buffer of the current size with this terminal's glyphs.
    func makeBuffer() -> ScreenBuffer
    /// Shows `buffer`, and the cursor at `cursor` (visible) or hides it (nil).
    func present(_ buffer: ScreenBuffer, cursor: (row: Int, col: Int)?)
}

extension CursesTerminal: ScreenDevice {}
