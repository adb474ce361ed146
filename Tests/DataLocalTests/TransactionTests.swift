import Foundation
import Synchronization
@testable import DataLocal
import Testing

@Suite struct TransactionTests {
    /// What a kill -9 mid-import leaves: a write transaction that never committed, with some of
    /// its pages already spilled into the WAL. None of it may be visible after reopening.
    @Test func anUncommittedTransactionLeavesNothingAfterACrash() throws {
        let cache = TemporaryCache()
        try cache.insertWatermarks(try cache.open(), count: 2, prefix: "Kept")
        do {
            let connection = try SQLiteConnection(path: cache.location.databasePath)
            try connection.execute("PRAGMA cache_size = 2")
            try connection.execute("BEGIN IMMEDIATE")
            let insert = try connection.statement("INSERT INTO sync_state (resource_type, watermark, updated_at) VALUES (?, ?, 0)")
            for index in 0..<500 { try insert.bind(.text("Lost\(index)"), .blob(Data(count: 300))).run() }
        }
        #expect(try cache.rowCount(try cache.open(), table: "sync_state") == 2)
    }

    @Test func aThrowingBodyRollsBackEverything() throws {
        let cache = TemporaryCache()
        let database = try cache.open()
        #expect(throws: CacheError.self) {
            try database.write { (connection) throws(CacheError) in
                try connection.statement("INSERT INTO sync_state (resource_type, watermark, updated_at) VALUES ('A', x'00', 0)").run()
                try connection.execute("INSERT INTO no_such_table VALUES (1)")
            }
        }
        #expect(try cache.rowCount(database, table: "sync_state") == 0)
    }

    /// Two emr processes writing at once: each waits its turn, nobody sees "database is locked".
    @Test func twoConnectionsWritingAtOnceBothSucceed() throws {
        let cache = TemporaryCache()
        let databases = [try cache.open(), try cache.open()]
        let failures = Mutex<[String]>([])
        let perWriter = 150
        DispatchQueue.concurrentPerform(iterations: databases.count) { writer in
            do {
                for index in 0..<perWriter {
                    try databases[writer].write { (connection) throws(CacheError) in
                        let insert = try connection.statement("INSERT INTO sync_state (resource_type, watermark, updated_at) VALUES (?, x'01', 0)")
                        try insert.bind(.text("W\(writer)-\(index)")).run()
                        let count = try connection.integer("SELECT count(*) FROM sync_state")
                        try connection.statement("INSERT INTO secret (name_index, value, updated_at) VALUES (?, x'01', ?)")
                            .bind(.text("W\(writer)-\(index)"), .integer(count)).run()
                    }
                }
            } catch {
                failures.withLock { $0.append("\(error)") }
            }
        }
        #expect(failures.withLock { $0 } == [])
        #expect(try cache.rowCount(databases[0], table: "sync_state") == Int64(2 * perWriter))
        let distinctCounts = try databases[1].withConnection { (connection) throws(CacheError) in
            try connection.integer("SELECT count(DISTINCT updated_at) FROM secret")
        }
        #expect(distinctCounts == Int64(2 * perWriter), "each transaction saw the other's committed rows: writes serialised")
    }
}
