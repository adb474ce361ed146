import Foundation
import Glibc

/// Creates the cache folder (0700) and files (0600) and refuses to use them when anyone
/// else can read them: the files are sealed, but their sizes and timestamps still say
/// something, and a loose folder lets others replace files under us.
enum PrivateFiles {
    /// Creates `path` (and missing parents) if needed, then checks nobody else can read it.
    static func prepareDirectory(_ path: String) throws(CacheError) {
        var info = stat()
        if stat(path, &info) != 0 {
            // The folder itself is made 0700 in one step (the umask only takes bits away): made
            // with the default mode and then changed, a second emr starting at the same moment
            // saw it readable by others and refused it. Another emr making it first is fine.
            let parent = (path as NSString).deletingLastPathComponent
            do {
                try FileManager.default.createDirectory(atPath: parent.isEmpty ? "." : parent, withIntermediateDirectories: true)
            } catch {
                throw .storage(path: path, reason: "cannot create the folder")
            }
            if mkdir(path, 0o700) == 0 {
                _ = chmod(path, 0o700)  // a umask taking the owner's own bits away
            } else if errno != EEXIST {
                throw .storage(path: path, reason: "cannot create the folder")
            }
            guard stat(path, &info) == 0 else {
                throw .storage(path: path, reason: String(cString: strerror(errno)))
            }
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw .storage(path: path, reason: "not a folder")
        }
        try requirePrivate(path, mode: info.st_mode, fix: "chmod 700 \(path)")
    }

    /// Creates `path` as an empty 0600 file if it does not exist (so SQLite, which copies the
    /// database's mode to its -wal/-shm files, never creates anything wider), then checks it.
    /// Made with `mknod`, which opens nothing: a descriptor on the database outside SQLite,
    /// once closed, drops every POSIX lock this process holds on that file, SQLite's included
    /// (another emr then believes it is alone and deletes the write-ahead log under us).
    static func prepareFile(_ path: String) throws(CacheError) {
        if mknod(path, S_IFREG | 0o600, 0) == 0 {
            // The umask may have taken the owner's own bits away; set exactly these.
            guard chmod(path, 0o600) == 0 else { throw .storage(path: path, reason: String(cString: strerror(errno))) }
        } else if errno != EEXIST {
            throw .storage(path: path, reason: String(cString: strerror(errno)))
        }
        try checkFile(path)
    }

    /// Checks an existing file; a missing one is fine (SQLite side files come and go). A
    /// symbolic link is refused: it would let the cache be read or written somewhere else.
    static func checkFile(_ path: String) throws(CacheError) {
        guard let info = try ownedFile(path) else { return }
        try requirePrivate(path, mode: info.st_mode, fix: "chmod 600 \(path)")
    }

    /// Checks an existing folder without creating anything (missing is fine).
    static func checkDirectory(_ path: String) throws(CacheError) {
        var info = stat()
        guard stat(path, &info) == 0 else { return }
        try requireOwn(path, info)
        try requirePrivate(path, mode: info.st_mode, fix: "chmod 700 \(path)")
    }

    /// A settings file (`config`) may be read by others, never written by them: it names the
    /// server the cache syncs with and sends its token to.
    static func checkSettings(_ path: String) throws(CacheError) {
        guard let info = try ownedFile(path) else { return }
        guard info.st_mode & 0o022 == 0 else {
            throw .unsafeFile(path: path, problem: "can be changed by other users", fix: "run 'chmod go-w \(path)'")
        }
    }

    /// The file's own status (not a link's target), nil when it does not exist; a symbolic
    /// link or another account's file is refused.
    private static func ownedFile(_ path: String) throws(CacheError) -> stat? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        guard info.st_mode & S_IFMT != S_IFLNK else {
            throw .unsafeFile(path: path, problem: "is a symbolic link", fix: "replace the link with the file itself (or run 'emr wipe')")
        }
        try requireOwn(path, info)
        return info
    }

    /// Another account's file or folder in the cache's place is refused: its owner could change it under us.
    private static func requireOwn(_ path: String, _ info: stat) throws(CacheError) {
        guard info.st_uid == geteuid() else {
            throw .unsafeFile(path: path, problem: "belongs to another account", fix: "use a cache folder of your own (set EMR_HOME)")
        }
    }

    private static func requirePrivate(_ path: String, mode: mode_t, fix: String) throws(CacheError) {
        guard mode & 0o077 == 0 else { throw .insecurePermissions(path: path, fix: fix) }
    }
}
