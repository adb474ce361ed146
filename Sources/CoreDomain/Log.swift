import Foundation

/// Diagnostics that cannot carry patient data. Event names and keys are `StaticString`, so
/// only text written in the source appears; values are counts, durations, codes from the
/// source and error kinds (an error's type and case, never its payload or message, which may
/// name files or records). Off unless `EMR_LOG=debug`, and then written only to a 0600 file
/// in the cache folder, never to the terminal, which curses owns.
public enum Log {
    public static let fileName = "emr-debug.log"
    private static let sink = LogSink()

    /// Turns logging on when `environment["EMR_LOG"]` is `debug`, appending to
    /// `directory/emr-debug.log` (folder 0700 and file 0600, created when missing). A link in
    /// the file's place, or another account's file, is refused (`LogFileProblem`), never
    /// followed: the log would go wherever it points.
    public static func configure(environment: [String: String], directory: String) throws(LogFileProblem) {
        guard environment["EMR_LOG"] == "debug" else { return }
        try sink.open(path: directory.hasSuffix("/") ? directory + fileName : directory + "/" + fileName, directory: directory)
    }

    /// One line: time, event and fields (`import.file resources=120 skipped=0 ms=35`).
    public static func debug(_ event: StaticString, _ fields: LogField...) {
        guard sink.isOpen else { return }
        let time = Date().formatted(.iso8601)
        sink.write(([time, "\(event)"] + fields.map(\.text)).joined(separator: " ") + "\n")
    }
}

/// A value `Log` accepts; the only ways to make one are the typed constructors below.
public struct LogField: Sendable {
    let text: String

    public static func count(_ key: StaticString, _ value: Int) -> LogField {
        LogField(text: "\(key)=\(value)")
    }

    /// In whole milliseconds.
    public static func duration(_ key: StaticString, _ value: Duration) -> LogField {
        let (seconds, attoseconds) = value.components
        return LogField(text: "\(key)_ms=\(seconds * 1000 + attoseconds / 1_000_000_000_000_000)")
    }

    public static func code(_ key: StaticString, _ value: StaticString) -> LogField {
        LogField(text: "\(key)=\(value)")
    }

    /// The error's type and, for an enum case with values, the case name (`CacheError.tampered`).
    public static func error(_ error: any Error) -> LogField {
        let mirror = Mirror(reflecting: error)
        let type = String(describing: mirror.subjectType)
        let label = mirror.displayStyle == .enum ? mirror.children.first?.label : nil
        return LogField(text: "error=" + (label.map { "\(type).\($0)" } ?? type))
    }
}

/// Why `EMR_LOG=debug` could not open its file, in one line with the way out.
public struct LogFileProblem: Error, Hashable, Sendable, CustomStringConvertible {
    public let path: String
    public let problem: String

    public var description: String {
        "\(path) \(problem): remove it (or run without EMR_LOG=debug), then try again."
    }
}

/// The open log file, shared by every thread; the lock keeps lines whole.
private final class LogSink: @unchecked Sendable {
    private let lock = NSLock()
    private var handle: FileHandle?

    var isOpen: Bool { lock.withLock { handle != nil } }

    /// Opens `path` for appending without following a link (`O_NOFOLLOW`), creating it 0600;
    /// refuses a link, anything but a plain file, and another account's file, and makes an
    /// existing file 0600 through the descriptor opened.
    func open(path: String, directory: String) throws(LogFileProblem) {
        // The folder (the cache's own, on a first run) is made 0700 in one step: Foundation makes
        // it with the default mode and then changes it, and a second emr starting at that moment
        // refused the cache as readable by others. The umask only takes bits away.
        let parent = (directory as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: parent.isEmpty ? "." : parent, withIntermediateDirectories: true)
        _ = mkdir(directory, 0o700)
        let descriptor = Foundation.open(path, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw LogFileProblem(path: path, problem: errno == ELOOP ? "is a symbolic link" : "cannot be opened (\(String(cString: strerror(errno))))")
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == geteuid(), fchmod(descriptor, 0o600) == 0 else {
            close(descriptor)
            throw LogFileProblem(path: path, problem: "is not a file of this account's own")
        }
        lock.withLock { handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true) }
    }

    func write(_ line: String) {
        lock.withLock { handle?.write(Data(line.utf8)) }
    }
}
