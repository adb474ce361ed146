import Foundation

/// One self-rewriting line on stderr for a command's long work, as curl, pip and rsync show:
/// `importing: 120/3000 files, 5,412 resources, 4,310 res/s, 0:29 left`. A 31 s import of 3,000
/// patients showed nothing until it ended, which reads as a hang.
///
/// What the line can say is fixed by its type: the words are `StaticString`s from the source
/// and everything else is a count or a time, so no name, MRN or other value from a record can
/// reach it (stderr is often a terminal's scrollback). It is drawn only when stderr is a
/// terminal and `--quiet` was not given (a cron job's log gets the summary lines alone); at most
/// ten times a second (`redrawInterval`), each redraw `\r` and the text and clear to the end of
/// the line; and erased the same way (`finish`) before the summary prints, so what is left on the
/// screen is what printed before it existed. It is cut to the terminal's width: a line that
/// wrapped would leave its first rows behind at every redraw (`\r` returns to the last one).
struct ProgressLine {
    private let verb: StaticString
    private let unit: StaticString
    /// Where the line goes: nil when nothing is shown.
    private let write: ((String) -> Void)?
    /// Seconds since some fixed moment (`ContinuousClock` in use).
    private let now: () -> Double
    /// The terminal's width, nil when unknown; asked at each redraw, so a resize is followed.
    private let columns: () -> Int?
    private let started: Double
    private var lastDraw: Double?
    private var shown = false

    /// At most this often, in seconds.
    static let redrawInterval = 0.1

    init(
        verb: StaticString, unit: StaticString, write: ((String) -> Void)?, now: @escaping () -> Double,
        columns: @escaping () -> Int? = { nil }
    ) {
        self.verb = verb
        self.unit = unit
        self.write = write
        self.now = now
        self.columns = columns
        started = now()
    }

    /// The line on this process's stderr, or a silent one when stderr is not a terminal or the
    /// command was given `--quiet`.
    static func standardError(verb: StaticString, unit: StaticString, quiet: Bool) -> ProgressLine {
        let clock = ContinuousClock()
        let origin = clock.now
        let shows = !quiet && isatty(STDERR_FILENO) == 1
        return ProgressLine(
            verb: verb, unit: unit,
            write: shows ? { text in FileHandle.standardError.write(Data(text.utf8)) } : nil,
            now: {
                let elapsed = (clock.now - origin).components
                return Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
            },
            columns: {
                var size = winsize()
                guard ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
                return Int(size.ws_col)
            })
    }

    /// `done` of `total` (when known) finished, and `resources` in them when the work counts
    /// those; redrawn unless the last drawing was less than `redrawInterval` ago.
    mutating func update(done: Int, of total: Int?, resources: Int? = nil) {
        guard let write else { return }
        let time = now()
        if let lastDraw, time - lastDraw < Self.redrawInterval { return }
        lastDraw = time
        shown = true
        var text = Self.text(verb: verb, unit: unit, done: done, total: total, resources: resources, seconds: time - started)
        // ASCII only (the words are the source's, the rest digits), so characters are columns;
        // the last column is left free, where some terminals wrap at once.
        if let width = columns(), text.utf8.count >= width { text = String(text.prefix(max(width - 1, 0))) }
        write("\r" + text + "\u{1B}[K")
    }

    /// Erases the line, so what prints next starts on a clean one.
    mutating func finish() {
        guard shown, let write else { return }
        write("\r\u{1B}[K")
        shown = false
        lastDraw = nil
    }

    /// Erases the line, runs `body` (which prints a line of its own), and lets the next update
    /// draw again at once.
    mutating func interrupt(_ body: () -> Void) {
        finish()
        body()
    }

    /// The line's text: done of total, the resources and their rate (or the rate of the units
    /// themselves, once there are ten: `4/s` of a passphrase change's three steps said nothing),
    /// and the time left once the rate is known.
    static func text(verb: StaticString, unit: StaticString, done: Int, total: Int?, resources: Int?, seconds: Double) -> String {
        var parts = ["\(done)" + (total.map { "/\($0)" } ?? "") + " \(unit)"]
        let elapsed = max(seconds, 0.001)
        if let resources {
            parts.append("\(grouped(resources)) resources")
            if seconds > 0 { parts.append("\(grouped(Int((Double(resources) / elapsed).rounded()))) res/s") }
        } else if seconds > 0, done >= 10 {
            parts.append("\(grouped(Int((Double(done) / elapsed).rounded())))/s")
        }
        if let total, done > 0, seconds > 0, done < total {
            parts.append(clock(Double(total - done) * elapsed / Double(done)) + " left")
        }
        return "\(verb): " + parts.joined(separator: ", ")
    }

    /// 135000 as "135,000".
    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return (value < 0 ? "-" : "") + result
    }

    /// Seconds as "0:07", "12:30" or "1:02:03".
    static func clock(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded(.up))
        let (hours, minutes, rest) = (whole / 3600, whole / 60 % 60, whole % 60)
        let tail = String(format: "%02d", rest)
        return hours > 0 ? "\(hours):" + String(format: "%02d", minutes) + ":" + tail : "\(minutes):" + tail
    }
}
