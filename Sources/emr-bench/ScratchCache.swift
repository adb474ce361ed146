import DataLocal
import Foundation
import SecurityKit

extension BenchOptions {
    /// An encrypted cache of its own in the scratch folder `name`, holding `ndjson` imported as
    /// `emr import` stores it: what the Results, MAR and encounter-detail rows read.
    func cache(_ name: String, holding ndjson: String) throws -> EncryptedCache {
        let root = try scratch(name)
        let (_, dataKey) = try KeyFile.create(passphrase: SecretBytes(copying: Array("bench-\(name)".utf8)))
        let cache = try EncryptedCache(database: CacheDatabase(location: CacheLocation(directory: root + "/emr")), dataKey: dataKey)
        let file = root + "/records.ndjson"
        try ndjson.write(toFile: file, atomically: true, encoding: .utf8)
        _ = try CacheImporter(cache: cache).importFile(at: URL(fileURLWithPath: file))
        return cache
    }
}
