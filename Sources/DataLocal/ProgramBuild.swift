import Foundation

/// Which build of the program is running: its executable's path, size and modification time.
/// A value derived by one build's rules (a prepared Results worksheet, its flags, names and
/// grouping) is used only by that same build: one whose rules changed since works it out again
/// from the records rather than show what an older build derived.
enum ProgramBuild {
    /// Nil when the executable cannot be read: then nothing derived by rules is kept at all.
    static let identity: String? = {
        guard let url = Bundle.main.executableURL,
              let values = try? url.resourceValues(forKeys: [.fileSizeKey, .contentModificationDateKey]),
              let size = values.fileSize, let modified = values.contentModificationDate else { return nil }
        return "\(url.path)\u{0}\(size)\u{0}\(modified.timeIntervalSinceReferenceDate.bitPattern)"
    }()
}
