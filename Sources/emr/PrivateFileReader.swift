import Foundation

/// Reads a file that holds a secret (passphrase, client secret, private key), refusing it
/// when other users could read it too.
enum PrivateFileReader {
    static func contents(_ path: String, what: String) throws(CommandFailure) -> Data {
        var info = stat()
        guard stat(path, &info) == 0, let data = FileManager.default.contents(atPath: path) else {
            throw CommandFailure(message: "emr: cannot read the \(what) \(path)", status: .usage)
        }
        guard info.st_mode & 0o077 == 0 else {
            throw CommandFailure(message: "emr: \(what) \(path) is readable by others: run 'chmod 600 \(path)'", status: .usage)
        }
        return data
    }
}
