import Foundation

/// Wrong passphrases typed at the command line. They cannot go into the sealed audit trail
/// without the key, so they are counted in `EMR_HOME/unlock-failures` (0600, a number and
/// nothing else) and recorded as one `unlock-failed` entry at the next successful unlock.
struct UnlockFailures {
    let path: String

    init(directory: String) {
        path = directory + "/unlock-failures"
    }

    var count: Int {
        FileManager.default.contents(atPath: path).flatMap { Int(String(decoding: $0, as: UTF8.self)) } ?? 0
    }

    /// Best effort: a folder that cannot be written to must not turn a wrong passphrase into
    /// a different error.
    func increment() {
        _ = FileManager.default.createFile(atPath: path, contents: Data(String(count + 1).utf8), attributes: [.posixPermissions: 0o600])
    }

    func reset() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
