import Foundation

/// A sealed manifest per table: how many rows it holds and a running MAC of their keys (the
/// XOR of each key's HMAC, so a row's arrival and its removal each flip the same bits). Every
/// row is sealed, so an edited row is found when read; a deleted one leaves nothing to read, and
/// a deleted patient-list row read as a smaller ward. The manifest is kept in the transaction
/// that changes the rows: this connection's temporary triggers note each key added or removed,
/// and the changes are folded into the manifest just before the commit (`apply`). Rows changed
/// by anything else (another program on the file) leave it behind, and `check` finds them.
///
/// A row's key is what must not change behind emr's back: its blind index, and for the outbox
/// also its row, its delivery state and the patient and resource it carries (all plaintext, so
/// an item set `sent`, or moved to another patient, disagrees like a deleted one). Every watched
/// table has its manifest row from the cache's first open (`IntegrityBaseline`): a missing one
/// was removed, with whatever rows went with it.
struct RowManifest {
    let sealer: RecordSealer

    /// A watched table: `key` is the SQL of a row's key, given the row's name (`NEW`, `OLD`
    /// or the table's), and `columns` what it is made of (an update of them changes the key).
    struct Table: Sendable {
        let name: String
        let columns: [String]
        let key: @Sendable (String) -> String
    }

    static let tables: [Table] = [
        Table(name: "resource", columns: ["key_index"]) { "\($0).key_index" },
        Table(name: "patient_list", columns: ["patient_index"]) { "\($0).patient_index" },
        Table(name: "outbox", columns: ["state", "key_index", "patient_index"]) {
            "printf('%d', \($0).row_id) || ',' || \($0).state || ',' || hex(\($0).key_index) || ',' || hex(\($0).patient_index)"
        },
        Table(name: "chart_bundle", columns: ["patient_index", "resource_type"]) { "hex(\($0).patient_index) || ',' || \($0).resource_type" },
        Table(name: "secret", columns: ["name_index"]) { "\($0).name_index" },
    ]

    /// What one table should hold.
    struct Entry: Equatable {
        var count: Int
        var mac: Data
    }

    /// A table that disagrees with its manifest; `written` is nil when its manifest row is gone.
    struct Disagreement: Equatable {
        let table: String
        let written: Int?
        let found: Int

        var error: CacheError {
            guard let written else { return .manifestRemoved(table: table) }
            return .recordsMissing(table: table, written: written, found: found)
        }
    }

    private static func context(_ table: String) -> SealContext { SealContext(table: "manifest", column: "entry", resourceType: table) }

    /// This connection's change log: a temporary table and triggers, seen by no other process.
    /// Kept in memory: the change log never reaches a temporary file.
    static func installTriggers(_ connection: SQLiteConnection) throws(CacheError) {
        try connection.execute("PRAGMA temp_store = MEMORY")
        try connection.execute("CREATE TEMP TABLE IF NOT EXISTS manifest_change (table_name TEXT NOT NULL, key BLOB NOT NULL, delta INTEGER NOT NULL)")
        for table in tables {
            let name = table.name
            try connection.execute("""
                CREATE TEMP TRIGGER IF NOT EXISTS manifest_\(name)_added AFTER INSERT ON main.\(name)
                BEGIN INSERT INTO manifest_change VALUES ('\(name)', \(table.key("NEW")), 1); END
                """)
            try connection.execute("""
                CREATE TEMP TRIGGER IF NOT EXISTS manifest_\(name)_removed AFTER DELETE ON main.\(name)
                BEGIN INSERT INTO manifest_change VALUES ('\(name)', \(table.key("OLD")), -1); END
                """)
            try connection.execute("""
                CREATE TEMP TRIGGER IF NOT EXISTS manifest_\(name)_changed AFTER UPDATE OF \(table.columns.joined(separator: ", ")) ON main.\(name)
                BEGIN
                INSERT INTO manifest_change VALUES ('\(name)', \(table.key("OLD")), -1);
                INSERT INTO manifest_change VALUES ('\(name)', \(table.key("NEW")), 1);
                END
                """)
        }
    }

    /// Folds the changes noted in this transaction into the sealed manifest (inside it). A
    /// table whose manifest row is gone takes no more rows: it was removed behind emr's back.
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
            guard let stored = try entry(table, connection) else { throw .manifestRemoved(table: table) }
            try store(Entry(count: stored.count + change.delta, mac: Self.xor(stored.mac, change.mac)), table, connection)
        }
        try connection.execute("DELETE FROM temp.manifest_change")
    }

    /// Gives each watched table without a manifest row one from its rows as they are now,
    /// inside the caller's transaction: only while the cache's baseline is laid
    /// (`IntegrityBaseline`), before anything could have been removed.
    func start(_ connection: SQLiteConnection) throws(CacheError) {
        for table in Self.tables {
            if try entry(table.name, connection) == nil { try store(try current(table, connection), table.name, connection) }
        }
    }

    /// The watched tables whose rows disagree with their manifest. Rows and manifest are read
    /// in one read transaction, so another emr's commit is in both or neither. A manifest that
    /// does not open counts as a disagreement with no rows written.
    func check(_ connection: SQLiteConnection) throws(CacheError) -> [Disagreement] {
        var disagreements: [Disagreement] = []
        try connection.execute("BEGIN DEFERRED")
        do {
            for table in Self.tables {
                let found = try current(table, connection)
                do {
                    guard let stored = try entry(table.name, connection) else {
                        disagreements.append(Disagreement(table: table.name, written: nil, found: found.count))
                        continue
                    }
                    if stored != found { disagreements.append(Disagreement(table: table.name, written: stored.count, found: found.count)) }
                } catch .tampered {
                    disagreements.append(Disagreement(table: table.name, written: 0, found: found.count))
                }
            }
            try connection.execute("COMMIT")
        } catch {
            try? connection.execute("ROLLBACK")
            throw error
        }
        return disagreements
    }

    /// The manifest of `table` (`written`, what emr wrote) opened with this cache's key: nil when
    /// it is not there, and `.tampered` when it does not open.
    func written(_ table: String, _ connection: SQLiteConnection) throws(CacheError) -> Int? {
        try entry(table, connection)?.count
    }

    /// The rows of `table` now.
    func found(_ table: String, _ connection: SQLiteConnection) throws(CacheError) -> Int {
        guard let watched = Self.tables.first(where: { $0.name == table }) else { return 0 }
        return try current(watched, connection).count
    }

    private func keyTag(_ table: String, _ key: Data) -> Data {
        sealer.manifest.tag(Data(table.utf8) + Data([0]) + key)
    }

    private func current(_ table: Table, _ connection: SQLiteConnection) throws(CacheError) -> Entry {
        let query = try connection.statement("SELECT \(table.key(table.name)) FROM main.\(table.name)")
        try query.bind()
        var entry = Entry(count: 0, mac: Data(count: 32))
        while try query.step() {
            entry.count += 1
            entry.mac = Self.xor(entry.mac, keyTag(table.name, query.blob(0) ?? Data()))
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
