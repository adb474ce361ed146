import CNcursesw
import CTerminalShim
import Foundation
import Glibc

/// The one owner of curses. Starts curses on the controlling tty (terminal modes, keys,
/// terminfo), presents `ScreenBuffer`s through a `ScreenWriter` that writes only changed
/// cells to the tty itself, and restores the terminal on stop. Curses never draws a cell: its
/// own screen stays blank and untouched, so its refresh (at a key read) sends nothing. Curses is not
/// thread-safe: create and use it on one thread (the event loop's).
public final class CursesTerminal: TerminalDevice {
    /// Structure glyphs for this locale: build every `ScreenBuffer` with them.
    public let glyphs: Glyphs
    public private(set) var size: TerminalSize
    public private(set) var colorDepth: ColorDepth
    public let inputDescriptor: Int32

    private let screen: OpaquePointer
    private let input: UnsafeMutablePointer<FILE>
    private let output: UnsafeMutablePointer<FILE>
    private let hasColors: Bool
    private let defaultColorsAvailable: Bool
    private var writer: ScreenWriter
    /// The last frame, shown again by `forceRepaint`.
    private var presented: (buffer: ScreenBuffer, cursor: (row: Int, col: Int)?)?
    private var cursorVisible = false
    private var stopped = false

    /// Starts curses with `theme`. Throws instead of letting curses print and exit when the
    /// terminal type is unset, unknown or cannot address the cursor.
    public init(theme: Theme, environment: [String: String] = ProcessInfo.processInfo.environment) throws(TerminalError) {
        guard let type = environment["TERM"], !type.isEmpty else { throw .terminalTypeUnset }
        if type == "dumb" { throw .unsupportedTerminalType(type) }
        // The locale is the client's (a ward server passes the one ssh sent, see Sources/emr/emr.docc/WardServer.md):
        // it decides between Unicode and the terminal's own line drawing.
        setlocale(LC_ALL, "")
        let isUTF8 = emr_locale_is_utf8() == 1

        let descriptor = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .noTerminal }
        let outputDescriptor = dup(descriptor)
        guard outputDescriptor >= 0, let input = fdopen(descriptor, "r"), let output = fdopen(outputDescriptor, "w") else {
            close(descriptor)
            if outputDescriptor >= 0 { close(outputDescriptor) }
            throw .systemResource("tty streams")
        }
        func fail(_ error: TerminalError) -> TerminalError {
            fclose(input)
            fclose(output)
            return error
        }
        switch Int(emr_terminal_check(type, descriptor)) {
        case Int(EMR_TERMINAL_OK): break
        case Int(EMR_TERMINAL_HARDCOPY), Int(EMR_TERMINAL_NO_CURSOR_ADDRESSING): throw fail(.unsupportedTerminalType(type))
        default: throw fail(.unknownTerminalType(type))
        }
        guard let screen = newterm(type, output, input) else { throw fail(.unknownTerminalType(type)) }
        self.screen = screen
        glyphs = .forTerminal(isUTF8: isUTF8, hasLineDrawing: emr_has_line_drawing() == 1)
        self.input = input
        self.output = output
        inputDescriptor = descriptor

        cbreak()
        noecho()
        nonl()
        emr_configure_stdscr()
        // Short, so Esc responds at once; long enough for arrow-key sequences on slow links.
        set_escdelay(25)
        curs_set(0)
        hasColors = has_colors()
        defaultColorsAvailable = hasColors && start_color() == OK && use_default_colors() == OK
        colorDepth = ColorDepth.detect(hasColors: hasColors, colors: Int(emr_colors()), environment: environment)
        writer = ScreenWriter(controls: .fromTerminfo(utf8: isUTF8, newlinesTranslated: Self.outputTranslatesNewlines(outputDescriptor)),
                              palette: StylePalette(theme: theme, depth: colorDepth, defaultColorsAvailable: defaultColorsAvailable))
        size = TerminalSize(rows: Int(emr_lines()), cols: Int(emr_cols()))
        // Curses clears the screen and sets the terminal's modes now, never again behind a frame.
        emr_flush()
    }

    deinit { stop() }

    /// An empty buffer of the current size with this terminal's glyphs.
    public func makeBuffer() -> ScreenBuffer {
        ScreenBuffer(width: size.cols, height: size.rows, glyphs: glyphs)
    }

    /// Switches theme; the whole screen is redrawn on the next `present`.
    public func apply(theme: Theme) {
        writer.use(StylePalette(theme: theme, depth: colorDepth, defaultColorsAvailable: defaultColorsAvailable))
    }

    /// Shows `buffer`, writing only cells that differ from the last presented one, and puts
    /// the cursor at `cursor` (visible) or hides it (nil).
    public func present(_ buffer: ScreenBuffer, cursor: (row: Int, col: Int)? = nil) {
        guard !stopped else { return }
        if cursor == nil, cursorVisible { setCursorVisible(false) }
        let bytes = writer.write(buffer, cursor: cursor, size: size)
        _ = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, output) }
        fflush(output)
        if cursor != nil, !cursorVisible { setCursorVisible(true) }
        presented = (buffer, cursor)
    }

    /// Clears the screen through curses and shows the last frame again in full.
    public func forceRepaint() {
        guard !stopped else { return }
        emr_force_repaint()
        emr_flush()
        writer.forget()
        if let presented { present(presented.buffer, cursor: presented.cursor) }
    }

    public func readKeys() -> [Key] {
        var keys: [Key] = []
        var value: UInt32 = 0
        while !stopped {
            let status = emr_get_wch(&value)
            if status == ERR { break }
            if let key = KeyDecoder.decode(status: status, value: value) { keys.append(key) }
        }
        return keys
    }

    public func handleResize() -> TerminalSize {
        var rows: Int32 = 0, cols: Int32 = 0
        if !stopped, emr_window_size(inputDescriptor, &rows, &cols) == 0 {
            resizeterm(rows, cols)
            // Curses' clear after a resize goes out now, not at the next key read over a frame.
            emr_flush()
            size = TerminalSize(rows: Int(rows), cols: Int(cols))
            writer.forget()
            presented = nil
        }
        return size
    }

    public func suspend() {
        guard !stopped else { return }
        emr_clear_now(output)
        endwin()
    }

    public func resume() {
        guard !stopped else { return }
        _ = handleResize()
        forceRepaint()
    }

    public func stop() {
        guard !stopped else { return }
        stopped = true
        // No patient data may stay on the screen (terminals without an alternate screen keep it).
        emr_clear_now(output)
        curs_set(1)
        endwin()
        delscreen(screen)
        fclose(input)
        fclose(output)
    }

    public func stopAfterHangup() {
        // Writes to a dead link fail at once instead of blocking; the little that is written is harmless.
        _ = fcntl(fileno(output), F_SETFL, fcntl(fileno(output), F_GETFL) | O_NONBLOCK)
        stop()
    }

    /// Whether the tty's output processing changes a line feed or carriage return (onlcr,
    /// ocrnl, onlret): curses' own modes leave them alone, but the writer checks rather than
    /// assumes before moving the cursor with them.
    private static func outputTranslatesNewlines(_ descriptor: Int32) -> Bool {
        var modes = termios()
        guard tcgetattr(descriptor, &modes) == 0 else { return true }
        return modes.c_oflag & tcflag_t(OPOST) != 0 && modes.c_oflag & tcflag_t(ONLCR | OCRNL | ONLRET) != 0
    }

    private func setCursorVisible(_ visible: Bool) {
        cursorVisible = visible
        curs_set(visible ? 1 : 0)
    }
}
