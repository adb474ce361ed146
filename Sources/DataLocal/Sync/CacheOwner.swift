import Foundation

/// The clinician a cache belongs to: the `fhirUser` of the first login with it, sealed. A
/// cache holds one clinician's audit trail and charting, so another clinician's login on the
/// same cache is refused (each logs in under their own account, with their own cache); the
/// owner stays after `emr logout` and goes only with the cache (`emr wipe`).
public struct CacheOwner: Sendable {
    private static let name = "login.user-of-record"
    private let secrets: SecretStore

    public init(cache: EncryptedCache) {
        secrets = SecretStore(cache: cache)
    }

    /// The owner's `fhirUser` (a Practitioner reference); nil before the first login.
    public func fhirUser() throws(CacheError) -> String? {
        try secrets.value(named: Self.name).map { String(decoding: $0, as: UTF8.self) }
    }

    public func claim(_ fhirUser: String) throws(CacheError) {
        try secrets.set(Data(fhirUser.utf8), named: Self.name)
    }
}
