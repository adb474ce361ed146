/// The cache's tables, as forward migrations keyed by `PRAGMA user_version`.
///
/// What is stored in plaintext — and nothing else:
/// - internal row ids (`row_id`), and the outbox's delivery state (`pending`/`sent`/`failed`);
/// - resource type names (`Patient`, `Observation`, ...), and in `chart_bundle` the name of a
///   row derived from several types (`ResultsWorksheet`, `ResultsWorksheetTable`);
/// - blind indexes: HMAC-SHA256, under a subkey derived from the data key, of `Type/id`
///   (`key_index`), of the patient a resource belongs to (`patient_index`, which equals the
///   patient's own `key_index`), of secret names (`name_index`) and of the users whose opened
///   Results tabs are kept (`viewer_index`); the outbox keeps the same two indexes of the
///   resource each item carries;
/// - the cache's own row timestamps (`updated_at`, `created_at`: when the cache wrote the row);
/// - the audit log's chain tags (`chain_tag`: HMAC-SHA256 under the audit subkey, see `AuditLog`);
/// - the schema version (`PRAGMA user_version`).
///
/// Everything else — each resource's `record` (FHIR version, decoded domain value and the JSON
/// as received), list rows, chart bundles and prepared Results worksheets, hence FHIR ids and patient ids, outbox payloads
/// and failure messages, sync watermarks, secrets, audit entries, the audit head and its checkpoint — is sealed with AES-256-GCM, its
/// associated data naming the table, column, resource type and row key, so a blob copied to
/// another row or column fails to open. See `SealContext`.
enum CacheSchema {
    /// Each step moves the schema from `version - 1` to `version`. Steps are never edited once
    /// shipped; a change is a new step, so every older cache migrates forward.
    static let migrations: [SchemaMigration] = [
        SchemaMigration(version: 1, statements: [
            """
            CREATE TABLE resource (
                row_id INTEGER PRIMARY KEY,
                resource_type TEXT NOT NULL,
                key_index BLOB NOT NULL UNIQUE,
                patient_index BLOB,
                record BLOB NOT NULL,
                updated_at REAL NOT NULL
            )
            """,
            "CREATE INDEX resource_by_patient ON resource (patient_index, resource_type) WHERE patient_index IS NOT NULL",
            "CREATE INDEX resource_shared ON resource (resource_type) WHERE patient_index IS NULL",
            """
            CREATE TABLE patient_list (
                row_id INTEGER PRIMARY KEY,
                patient_index BLOB NOT NULL UNIQUE,
                entry BLOB NOT NULL,
                updated_at REAL NOT NULL
            )
            """,
            """
            CREATE TABLE chart_bundle (
                row_id INTEGER PRIMARY KEY,
                patient_index BLOB NOT NULL,
                resource_type TEXT NOT NULL,
                payload BLOB NOT NULL,
                updated_at REAL NOT NULL,
                UNIQUE (patient_index, resource_type)
            )
            """,
            """
            CREATE TABLE outbox (
                row_id INTEGER PRIMARY KEY AUTOINCREMENT,
                state TEXT NOT NULL CHECK (state IN ('pending', 'sent', 'failed')),
                payload BLOB NOT NULL,
                created_at REAL NOT NULL,
                updated_at REAL NOT NULL
            )
            """,
            "CREATE INDEX outbox_by_state ON outbox (state, row_id)",
            """
            CREATE TABLE sync_state (
                row_id INTEGER PRIMARY KEY,
                resource_type TEXT NOT NULL UNIQUE,
                watermark BLOB NOT NULL,
                updated_at REAL NOT NULL
            )
            """,
            """
            CREATE TABLE secret (
                row_id INTEGER PRIMARY KEY,
                name_index BLOB NOT NULL UNIQUE,
                value BLOB NOT NULL,
                updated_at REAL NOT NULL
            )
            """,
        ]),
        // The audit trail: one sealed entry per row in order, each chained to the one before
        // by `chain_tag`; `audit_head` seals the count and last tag so a removed tail shows.
        SchemaMigration(version: 2, statements: [
            """
            CREATE TABLE audit_log (
                row_id INTEGER PRIMARY KEY AUTOINCREMENT,
                entry BLOB NOT NULL,
                chain_tag BLOB NOT NULL
            )
            """,
            """
            CREATE TABLE audit_head (
                row_id INTEGER PRIMARY KEY CHECK (row_id = 1),
                head BLOB NOT NULL
            )
            """,
        ]),
        // Charting: which resource (and patient) each outbox item carries, as blind indexes, so
        // a chart can show what is still unsent and a sync never overwrites it; and the
        // server's reason when it refused an item (sealed).
        SchemaMigration(version: 3, statements: [
            "ALTER TABLE outbox ADD COLUMN key_index BLOB",
            "ALTER TABLE outbox ADD COLUMN patient_index BLOB",
            "ALTER TABLE outbox ADD COLUMN failure BLOB",
            "CREATE INDEX outbox_by_patient ON outbox (patient_index, state) WHERE patient_index IS NOT NULL",
            "CREATE INDEX outbox_by_resource ON outbox (key_index, state) WHERE key_index IS NOT NULL",
        ]),
        // Observations' compact encoding gained `performer` at its end. Resource rows of the
        // old layout still read (their encoded field ends before it); chart bundles cannot
        // tell, so the old ones go and charts read the rows until a change rebuilds them.
        SchemaMigration(version: 4, statements: [
            "DELETE FROM chart_bundle WHERE resource_type = 'Observation'",
        ]),
        // Chart bundles hold each value in its own length-prefixed field (rows' bytes are
        // copied in as stored, and an older row's value may end earlier than today's layout):
        // bundles of the old layout go, and are rebuilt from the rows by the next change.
        SchemaMigration(version: 5, statements: [
            "DELETE FROM chart_bundle",
        ]),
        // New results: when each user last opened each patient's Results tab, one sealed row
        // per user (`ResultViewTable`).
        SchemaMigration(version: 6, statements: [
            """
            CREATE TABLE IF NOT EXISTS result_view (
                row_id INTEGER PRIMARY KEY,
                viewer_index BLOB NOT NULL UNIQUE,
                views BLOB NOT NULL,
                updated_at REAL NOT NULL
            )
            """,
        ]),
        // A sealed manifest per watched table (row count and a running MAC of row keys,
        // `RowManifest`), so rows deleted behind emr's back are found.
        SchemaMigration(version: 7, statements: [
            """
            CREATE TABLE IF NOT EXISTS manifest (
                row_id INTEGER PRIMARY KEY,
                table_name TEXT NOT NULL UNIQUE,
                entry BLOB NOT NULL
            )
            """,
        ]),
        // The audit chain's verified prefix (`AuditCheckpoint`), sealed, so the check at open
        // reads only the entries after it.
        SchemaMigration(version: 8, statements: [
            """
            CREATE TABLE IF NOT EXISTS audit_checkpoint (
                row_id INTEGER PRIMARY KEY CHECK (row_id = 1),
                prefix BLOB NOT NULL
            )
            """,
        ]),
    ]

    static var latestVersion: Int { migrations.last?.version ?? 0 }
}

/// One forward step of the schema.
struct SchemaMigration: Sendable {
    let version: Int
    let statements: [String]
}
