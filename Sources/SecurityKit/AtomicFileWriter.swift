import Foundation
import Glibc

/// Replaces a file atomically: write a temporary file in the same directory (created with the
/// final permissions, so the contents are never readable by others), fsync it, rename it over the
/// target, then fsync the directory so the rename itself survives a power cut. Readers see the
/// old file or the new one, never part of either (the key file, the audit trail's anchor).
public enum AtomicFileWriter {
    public static func write(_ data: Data, to url: URL, permissions: mode_t) throws(KeyFileError) {
        let directory = url.deletingLastPathComponent().path
        let suffix = randomBytes(8).map { String(format: "%02x", $0) }.joined()
        let temporary = directory + "/." + url.lastPathComponent + "." + suffix + ".tmp"

        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, permissions)
        guard descriptor >= 0 else { throw failure("cannot create a file in \(directory)") }
        var renamed = false
        defer { if !renamed { unlink(temporary) } }
        do throws(KeyFileError) {
            // The umask may have narrowed the mode; set exactly what was asked for.
            guard fchmod(descriptor, permissions) == 0 else { throw failure("cannot set permissions on \(temporary)") }
            try writeAll(data, to: descriptor, path: temporary)
            guard fsync(descriptor) == 0 else { throw failure("cannot flush \(temporary) to disk") }
        } catch {
            close(descriptor)
            throw error
        }
        guard close(descriptor) == 0 else { throw failure("cannot close \(temporary)") }
        guard rename(temporary, url.path) == 0 else { throw failure("cannot replace \(url.path)") }
        renamed = true
        syncDirectory(directory)
    }

    private static func writeAll(_ data: Data, to descriptor: Int32, path: String) throws(KeyFileError) {
        let result = data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += written
            }
            return true
        }
        guard result else { throw failure("cannot write \(path)") }
    }

    /// Best effort: some file systems refuse fsync on directories, and the file itself is already safe.
    private static func syncDirectory(_ path: String) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }

    private static func failure(_ what: String) -> KeyFileError {
        .io("\(what): \(String(cString: strerror(errno)))")
    }
}
