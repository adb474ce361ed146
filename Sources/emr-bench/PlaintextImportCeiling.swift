import DataLocal
import Foundation

/// The ceiling the bench measures the encrypted import against: the same files read the same
/// way and the same record bytes stored in a table shaped like the cache's, but unsealed and
/// keyed by plain `Type/id`, without derived rows. It lives here, not in DataLocal, because
/// it writes plaintext, which is exactly what the cache must never do with PHI: the bench
/// only ever points it at a scratch folder of synthetic data.
struct PlaintextImportCeiling {
    private let rows: ResourceRowFile<Plaintext>

    init(directory: String) throws {
        rows = try ResourceRowFile(directory: directory, name: "plaintext.sqlite", protection: Plaintext())
    }

    func importFile(at url: URL) throws -> Int {
        try rows.importFile(at: url)
    }

    /// Keys and records as they are.
    private struct Plaintext: RecordProtection {
        func key(type: String, id: String) -> Data { Data("\(type)/\(id)".utf8) }
        func protect(_ record: [UInt8]) -> Data { Data(record) }
    }
}
