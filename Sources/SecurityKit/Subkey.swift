import COpenSSL
import Foundation

/// A 256-bit key for one purpose (`label`) derived from `key` with HKDF-SHA256, so one master key
/// can feed several uses (encryption, audit MAC) without any two sharing key material.
public func deriveSubkey(from key: SecretBytes, label: String) throws(CryptoError) -> SecretBytes {
    try hkdfSHA256(key: key, salt: nil, info: Data(label.utf8), length: KDF.keyLength)
}

/// RFC 5869 extract-and-expand; no salt means the RFC's all-zero salt.
func hkdfSHA256(key: SecretBytes, salt: Data?, info: Data, length: Int) throws(CryptoError) -> SecretBytes {
    let list = ParameterList(capacity: 4)
    list.addUTF8("digest", "SHA256")
    key.withUnsafeBytes { list.addOctets("key", $0) }
    info.withUnsafeBytes { list.addOctets("info", $0) }
    salt?.withUnsafeBytes { list.addOctets("salt", $0) }
    return try deriveSecret(using: FetchedAlgorithm.hkdf, length: length, parameters: list)
}
