import DataLocal
import Foundation
import SecurityKit

/// The cache `emr --demo` built under the bench's home, opened in this process with the demo
/// key it keeps beside it, so in-process figures are taken on exactly the data the ptys show.
struct DemoCacheAccess {
    let home: String

    var location: CacheLocation { CacheLocation(directory: home + "/demo") }

    func open() throws -> EncryptedCache {
        let keyFile = try KeyFile.read(from: URL(fileURLWithPath: location.keyFilePath))
        guard let passphrase = FileManager.default.contents(atPath: location.directory + "/demo-passphrase") else {
            throw BenchFailure("no demo passphrase in \(location.directory): the demo cache was not built")
        }
        let dataKey = try keyFile.unlock(passphrase: SecretBytes(copying: Array(passphrase)))
        return try EncryptedCache(database: CacheDatabase(location: location), dataKey: dataKey)
    }
}
