import COpenSSL
import Foundation

/// Passphrase-based key derivation (scrypt, memory-hard so guessing on GPUs stays expensive).
public enum KDF {
    /// Length of derived keys: an AES-256 key.
    public static let keyLength = 32

    /// A 256-bit key-encryption key from a passphrase and salt.
    public static func deriveKey(passphrase: SecretBytes, salt: Data, parameters: ScryptParameters) throws(CryptoError) -> SecretBytes {
        try scrypt(passphrase: passphrase, salt: salt, parameters: parameters, length: keyLength)
    }

    static func scrypt(passphrase: SecretBytes, salt: Data, parameters: ScryptParameters, length: Int) throws(CryptoError) -> SecretBytes {
        try parameters.validate()
        let list = ParameterList(capacity: 6)
        passphrase.withUnsafeBytes { list.addOctets("pass", $0) }
        salt.withUnsafeBytes { list.addOctets("salt", $0) }
        list.addUInt64("n", parameters.n)
        list.addUInt32("r", parameters.r)
        list.addUInt32("p", parameters.p)
        list.addUInt64("maxmem_bytes", ScryptParameters.memoryLimit)
        return try deriveSecret(using: FetchedAlgorithm.scrypt, length: length, parameters: list)
    }
}
