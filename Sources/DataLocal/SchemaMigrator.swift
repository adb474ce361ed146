/// Brings a database forward to a schema version, one transaction per step, so a crash
/// mid-migration leaves the database at the last completed step.
enum SchemaMigrator {
    static func currentVersion(of connection: SQLiteConnection) throws(CacheError) -> Int {
        Int(try connection.integer("PRAGMA user_version"))
    }

    /// Applies every step above the current version up to `target`; refuses a database from a
    /// newer emr rather than guessing at its layout.
    static func migrate(
        _ connection: SQLiteConnection,
        to target: Int = CacheSchema.latestVersion,
        steps: [SchemaMigration] = CacheSchema.migrations
    ) throws(CacheError) {
        let current = try currentVersion(of: connection)
        let supported = steps.last?.version ?? 0
        guard current <= supported else {
            throw .newerSchema(path: connection.path, found: current, supported: supported)
        }
        for step in steps where step.version > current && step.version <= target {
            try connection.transaction { () throws(CacheError) in
                for sql in step.statements { try connection.execute(sql) }
                try connection.execute("PRAGMA user_version = \(step.version)")
            }
        }
    }
}
