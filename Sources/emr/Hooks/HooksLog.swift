import Foundation

/// The listener's own log, on standard error (the journal under systemd): what it does and
/// counts, never a patient or resource id.
enum HooksLog {
    static func line(_ text: String) {
        FileHandle.standardError.write(Data("emr hooks: \(text)\n".utf8))
    }
}
