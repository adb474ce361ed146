import Foundation

/// The data-encryption key (DEK), wrapped under a key-encryption key (KEK) derived from the
/// user's passphrase with scrypt. Changing the passphrase rewraps the same DEK, so nothing
/// encrypted under it has to be re-encrypted.
///
/// Three checks let `unlock` tell its failures apart:
/// - `checksum`, a SHA-256 of everything else, catches damage and hand edits when the file is
///   decoded, before any passphrase is tried (an edited scrypt parameter would otherwise just look
///   like a wrong passphrase, or make unlock allocate gigabytes);
/// - `keyCheck`, HMAC-SHA256(KEK, "emr-kek-check"), says whether the passphrase is right before
///   the wrapped key is opened;
/// - the GCM tag of `wrappedKey`, whose associated data binds version, KDF, parameters and salt,
///   so with a right passphrase any remaining failure means the file was altered.
public struct KeyFile: Sendable, Equatable {
    /// The only format version this build reads and writes.
    public static let currentVersion = 1
    /// The only key derivation function this build supports.
    public static let kdfName = "scrypt"
    static let saltLength = 32
    static let keyCheckLabel = Data("emr-kek-check".utf8)

    public let version: Int
    public let kdf: String
    public let parameters: ScryptParameters
    let salt: Data
    let keyCheck: Data
    let wrappedKey: Data
    let checksum: Data

    /// A current-version key file; the checksum is computed, never supplied.
    init(parameters: ScryptParameters, salt: Data, keyCheck: Data, wrappedKey: Data) {
        version = Self.currentVersion
        kdf = Self.kdfName
        self.parameters = parameters
        self.salt = salt
        self.keyCheck = keyCheck
        self.wrappedKey = wrappedKey
        checksum = Self.checksum(header: Self.header(parameters: parameters, salt: salt), keyCheck: keyCheck, wrappedKey: wrappedKey)
    }

    /// A new random 256-bit DEK wrapped under `passphrase`.
    public static func create(passphrase: SecretBytes, parameters: ScryptParameters = ScryptParameters()) throws -> (KeyFile, dataKey: SecretBytes) {
        let dataKey = SecretBytes(count: KDF.keyLength)
        return (try wrapping(dataKey, passphrase: passphrase, parameters: parameters), dataKey)
    }

    /// The DEK, if `passphrase` is right and the file is intact.
    public func unlock(passphrase: SecretBytes) throws(KeyFileError) -> SecretBytes {
        let keyEncryptionKey: SecretBytes
        do {
            keyEncryptionKey = try KDF.deriveKey(passphrase: passphrase, salt: salt, parameters: parameters)
        } catch {
            throw .io(error.description)
        }
        guard MessageAuthenticator(key: keyEncryptionKey).verify(Self.keyCheckLabel, tag: keyCheck) else {
            throw .wrongPassphrase
        }
        do {
            return try RecordCipher(key: keyEncryptionKey).openSecret(wrappedKey, context: header)
        } catch .crypto(let reason) {
            throw .io(reason)
        } catch {
            throw .corrupt(reason: "the wrapped data key fails its integrity check")
        }
    }

    /// The same DEK under `newPassphrase`, with a fresh salt; the old passphrase no longer opens it.
    public func rewrapped(oldPassphrase: SecretBytes, newPassphrase: SecretBytes) throws(KeyFileError) -> KeyFile {
        let dataKey = try unlock(passphrase: oldPassphrase)
        do {
            return try Self.wrapping(dataKey, passphrase: newPassphrase, parameters: parameters)
        } catch {
            throw .io("\(error)")
        }
    }

    private static func wrapping(_ dataKey: SecretBytes, passphrase: SecretBytes, parameters: ScryptParameters) throws -> KeyFile {
        let salt = randomBytes(saltLength)
        let keyEncryptionKey = try KDF.deriveKey(passphrase: passphrase, salt: salt, parameters: parameters)
        let wrappedKey = try dataKey.withUnsafeBytes { dataKey throws(SealError) in
            try RecordCipher(key: keyEncryptionKey).seal(dataKey, context: header(parameters: parameters, salt: salt))
        }
        return KeyFile(
            parameters: parameters, salt: salt,
            keyCheck: MessageAuthenticator(key: keyEncryptionKey).tag(keyCheckLabel),
            wrappedKey: wrappedKey
        )
    }

    var header: Data { Self.header(parameters: parameters, salt: salt) }

    /// Everything that decides how the KEK is derived, as the wrapped key's associated data.
    static func header(parameters: ScryptParameters, salt: Data) -> Data {
        let fields = "emr-keyfile|version=\(currentVersion)|kdf=\(kdfName)|n=\(parameters.n)|r=\(parameters.r)|p=\(parameters.p)|salt="
        return Data(fields.utf8) + salt
    }

    static func checksum(header: Data, keyCheck: Data, wrappedKey: Data) -> Data {
        sha256(header + keyCheck + wrappedKey)
    }
}
