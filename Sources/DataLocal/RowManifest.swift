import Foundation

/// A sealed manifest per table: how many rows it holds and a running MAC of their keys (the
/// XOR of each key's HMAC, so a row's arrival and its removal each flip the same bits). Every
/// row is sealed, so an edited row is found when read; a deleted one leaves nothing to read, and
/// a deleted patient-list row read as a smaller ward. The manifest is kept in the transaction
/// that changes the rows: this connection's temporary triggers note each key added or removed,
/// and the changes are folded into the manifest just before the commit (`apply`). Rows changed
/// by anything else (another program on the file) leave it behind, and `check` finds them.
struct RowManifest {
    let sealer: RecordSealer

    /// The tables watched, with the column that names each row.
    static let tables: [(name: String, key: String)] = [("resource", "key_index"), ("patient_list", "patient_index")]

    /// What one table should hold.
    struct Entry: Equatable {
        var count: Int
        var mac: Data
    }

    private static func context(_ table: String) -> SealContext { SealContext(table: "manifest", column: "entry", resourceType: table) }

    /// This connection's change log: a temporary table and triggers, seen by no other process.
    /// Kept in memory: the change log never reaches a temporary file.
    static func installTriggers(_ connection: SQLiteConnection) throws(CacheError) {
        try connection.execute("PRAGMA temp_store = MEMORY")
        try connection.execute("CREATE TEMP TABLE IF NOT EXISTS manifest_change (table_name TEXT NOT NULL, key BLOB NOT NULL, delta INTEGER NOT NULL)")
        for (table, key) in tables {
            try connection.execute("""
                CREATE TEMP TRIGGER IF NOT EXISTS manifest_\(table)_added AFTER INSERT ON main.\(table)
                BEGIN INSERT INTO manifest_change VALUES ('\(table)', NEW.\(key), 1); END
                """)
            try connection.execute("""
                CREATE TEMP TRIGGER IF NOT EXISTS manifest_\(table)_removed AFTER DELETE ON main.\(table)
                BEGIN INSERT INTO manifest_change VALUES ('\(table)', OLD.\(key), -1); END
                """)
        }
    }

    /// Folds the changes noted in this transaction into the sealed manifest (inside it).
    func apply(_ connection: SQLiteConnection) throws(CacheError) {
        var changes: [String: (delta: Int, mac: Data)] = [:]
        let query = try connection.statement("SELECT table_name, key, delta FROM temp.manifest_change")
        try query.bind()
        while try query.step() {
            let table = query.text(0) ?? ""
            var change = changes[table] ?? (0, Data(count: 32))
            change.delta += Int(query.int64(2))
            change.mac = Self.xor(change.mac, keyTag(table, query.blob(1) ?? Data()))
            changes[table] = change
        }
        guard !changes.isEmpty else { return }
        for (table, change) in changes {
            // No manifest yet (a cache made before it): it starts from the rows as they now are.
            guard let stored = try entry(table, connection) else {
                try store(try current(table, connection), table, connection)
                continue
            }
            try store(Entry(count: stored.count + change.delta, mac: Self.xor(stored.mac, change.mac)), table, connection)
        }
        try connection.execute("DELETE FROM temp.manifest_change")
    }

    /// The watched tables whose rows disagree with their manifest: (table, rows written, rows found).
    /// Rows and manifest are read in one read transaction, so another emr's commit is in both or
    /// neither. A table without a manifest (a cache made before it) gets one from its rows. A
    /// manifest that does not open counts as a disagreement with no rows written.
    func check(_ connection: SQLiteConnection) throws(CacheError) -> [(table: String, written: Int, found: Int)] {
        var disagreements: [(table: String, written: Int, found: Int)] = []
        var unlisted: [String] = []
        try connection.execute("BEGIN DEFERRED")
        do {
            for (table, _) in Self.tables {
                let found = try current(table, connection)
                do {
                    guard let stored = try entry(table, connection) else {
                        unlisted.append(table)
                        continue
                    }
                    if stored != found { disagreements.append((table, stored.count, found.count)) }
                } catch .tampered {
                    disagreements.append((table, 0, found.count))
                }
            }
            try connection.execute("COMMIT")
        } catch {
            try? connection.execute("ROLLBACK")
            throw error
        }
        for table in unlisted {
            try connection.transaction { () throws(CacheError) in
                if try entry(table, connection) == nil { try store(try current(table, connection), table, connection) }
            }
        }
        return disagreements
    }

    private func keyTag(_ table: String, _ key: Data) -> Data {
        sealer.manifest.tag(Data(table.utf8) + Data([0]) + key)
    }

    private func current(_ table: String, _ connection: SQLiteConnection) throws(CacheError) -> Entry {
        let column = Self.tables.first { $0.name == table }?.key ?? "row_id"
        let query = try connection.statement("SELECT \(column) FROM main.\(table)")
        try query.bind()
        var entry = Entry(count: 0, mac: Data(count: 32))
        while try query.step() {
            entry.count += 1
            entry.mac = Self.xor(entry.mac, keyTag(table, query.blob(0) ?? Data()))
        }
        return entry
    }

    private func entry(_ table: String, _ connection: SQLiteConnection) throws(CacheError) -> Entry? {
        let query = try connection.statement("SELECT row_id, entry FROM manifest WHERE table_name = ?")
        try query.bind(.text(table))
        defer { query.finish() }
        guard try query.step() else { return nil }
        let rowID = query.int64(0)
        return try sealer.open(query.blob(1) ?? Data(), Self.context(table), rowID: rowID) { (reader) throws(BinaryRecordError) in
            Entry(count: try reader.int(), mac: reader.tail())
        }
    }

    private func store(_ entry: Entry, _ table: String, _ connection: SQLiteConnection) throws(CacheError) {
        var writer = ByteWriter()
        writer.write(entry.count)
        writer.append(tail: entry.mac)
        try connection.statement("""
            INSERT INTO manifest (table_name, entry) VALUES (?, ?) ON CONFLICT (table_name) DO UPDATE SET entry = excluded.entry
            """).bind(.text(table), .blob(try sealer.seal(writer.bytes, Self.context(table)))).run()
    }

    private static func xor(_ left: Data, _ right: Data) -> Data {
        Data(zip(left, right).map { $0 ^ $1 })
    }
}
