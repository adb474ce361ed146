import DataFHIR
import Foundation

/// Access tokens kept in the encrypted cache's secret table, one per server and client, so a
/// token never lands in a plain file and survives between `emr sync` runs until it expires.
public struct SecretTokenStore: TokenStore {
    private let secrets: SecretStore
    private let name: String

    public init(cache: EncryptedCache, server: String, clientID: String) {
        secrets = SecretStore(cache: cache)
        name = "smart.token \(server) \(clientID)"
    }

    public func load() -> AccessToken? {
        guard let data = try? secrets.value(named: name) else { return nil }
        return try? JSONDecoder().decode(AccessToken.self, from: data)
    }

    /// A token that cannot be stored is still used for this run; it is only fetched again next time.
    public func save(_ token: AccessToken) {
        guard let data = try? JSONEncoder().encode(token) else { return }
        try? secrets.set(data, named: name)
    }
}
