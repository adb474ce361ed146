import DataFHIR
import Foundation

/// A user's login session (access, refresh and id tokens) in the encrypted cache's secret
/// table, one per server: tokens never land in a plain file, survive between runs until the
/// server ends them, and go with the cache (`emr wipe`) or with `emr logout`.
public struct SecretUserSessionStore: UserSessionStore {
    private let secrets: SecretStore
    private let name: String

    public init(cache: EncryptedCache, server: String) {
        secrets = SecretStore(cache: cache)
        name = "smart.user-session \(server)"
    }

    public func load() -> UserSession? {
        guard let data = try? secrets.value(named: name) else { return nil }
        return try? JSONDecoder().decode(UserSession.self, from: data)
    }

    /// A session that cannot be stored is still used for this run; the user logs in again next time.
    public func save(_ session: UserSession) {
        guard let data = try? JSONEncoder().encode(session) else { return }
        try? secrets.set(data, named: name)
    }

    public func remove() {
        try? secrets.remove(named: name)
    }
}
