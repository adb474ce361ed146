import Foundation
import SecurityKit
#if canImport(Glibc)
import Glibc
#endif

/// The bearer token the FHIR server sends with each notification: 32 bytes from the
/// system's CSPRNG, as hex, kept in a file only the listener's account may read, so a
/// restarted listener still accepts the server's notifications for a Subscription it made
/// before. Made when the file is missing; a file others could read is refused.
enum HookToken {
    static func loadOrCreate(_ path: String) throws(CommandFailure) -> String {
        if FileManager.default.fileExists(atPath: path) {
            let text = String(decoding: try PrivateFileReader.contents(path, what: "hooks token file"), as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            guard text.utf8.count >= 32 else {
                throw CommandFailure(message: "emr: the hooks token file \(path) is too short: remove it and a new token is made", status: .usage)
            }
            return text
        }
        let token = randomBytes(32).map { String(format: "%02x", $0) }.joined()
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else {
            throw CommandFailure(message: "emr: cannot create the hooks token file \(path): \(String(cString: strerror(errno)))", status: .usage)
        }
        defer { close(descriptor) }
        let bytes = Array((token + "\n").utf8)
        guard write(descriptor, bytes, bytes.count) == bytes.count else {
            unlink(path)
            throw CommandFailure(message: "emr: cannot write the hooks token file \(path)", status: .usage)
        }
        return token
    }
}
