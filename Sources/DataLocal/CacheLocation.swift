import Foundation

/// Where one user's cache lives: `EMR_HOME`, else `$XDG_DATA_HOME/emr`, else
/// `~/.local/share/emr`. Resolved from an environment dictionary so tests (and the CLI's
/// `--home`-style overrides) never touch the real home folder.
public struct CacheLocation: Hashable, Sendable {
    public static let databaseName = "cache.sqlite"
    public static let keyFileName = "key.json"
    /// The audit trail's sealed anchor, beside the key (`AuditAnchor`).
    public static let auditAnchorName = "audit.anchor"
    /// The files SQLite keeps beside the database; they hold the same (sealed) data.
    static let sidecarSuffixes = ["-wal", "-shm", "-journal"]

    public var directory: String

    public init(directory: String) {
        self.directory = directory
    }

    /// Follows the XDG base-directory rules: relative `XDG_DATA_HOME` values are ignored.
    public init(environment: [String: String]) {
        if let home = environment["EMR_HOME"], !home.isEmpty {
            self.init(directory: home)
        } else if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            self.init(directory: Self.join(data, "emr"))
        } else {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            self.init(directory: Self.join(home, ".local/share/emr"))
        }
    }

    public var databasePath: String { Self.join(directory, Self.databaseName) }
    public var keyFilePath: String { Self.join(directory, Self.keyFileName) }
    public var auditAnchorPath: String { Self.join(directory, Self.auditAnchorName) }
    /// The ward's settings (`key = value`), beside the cache.
    public var configPath: String { Self.join(directory, "config") }

    /// Refuses a folder or key file that others can read, and a settings file others can
    /// write, before anything in the folder is read (the database files are checked again when
    /// the cache opens): one rule for every command. Creates nothing.
    public func checkPrivate() throws(CacheError) {
        try PrivateFiles.checkDirectory(directory)
        try PrivateFiles.checkFile(keyFilePath)
        try checkSettings()
    }

    /// Refuses a settings file others could write (or a link in its place) before it is read.
    public func checkSettings() throws(CacheError) {
        try PrivateFiles.checkSettings(configPath)
    }

    /// Makes the cache folder, private to its owner, unless it is there; refuses one that is
    /// not a folder.
    public func prepareDirectory() throws(CacheError) {
        try PrivateFiles.prepareDirectory(directory)
    }

    /// The database, every SQLite side file and the audit anchor that vouches for it, whether
    /// or not they exist: what a wipe removes after the key.
    public var databaseFiles: [String] { [databasePath] + Self.sidecarSuffixes.map { databasePath + $0 } + [auditAnchorPath] }

    private static func join(_ base: String, _ name: String) -> String {
        base.hasSuffix("/") ? base + name : base + "/" + name
    }
}
