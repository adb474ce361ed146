import COpenSSL
import Foundation

/// Signs JWTs (JWS compact input) with a private key from a PEM file: RS384 for RSA keys,
/// ES384 for P-384 EC keys, as SMART Backend Services asks for `private_key_jwt`.
/// The key stays inside OpenSSL; this type only holds the pointer, never changes the key after
/// loading, and OpenSSL allows concurrent signing with one key, hence `@unchecked Sendable`.
public final class JWTSigner: @unchecked Sendable {
    /// `RS384` or `ES384`.
    public let algorithm: String
    private let key: OpaquePointer

    /// Loads an unencrypted PEM private key (PKCS#8 or traditional).
    public init(pem: Data) throws(CryptoError) {
        let loaded: OpaquePointer? = pem.withUnsafeBytes { bytes in
            guard let bio = BIO_new_mem_buf(bytes.baseAddress, Int32(bytes.count)) else { return nil }
            defer { BIO_free(bio) }
            return PEM_read_bio_PrivateKey(bio, nil, nil, nil)
        }
        guard let loaded else { throw .invalidParameters(openSSLFailure("reading the PEM private key")) }
        if EVP_PKEY_is_a(loaded, "RSA") == 1, EVP_PKEY_get_bits(loaded) >= 2048 {
            algorithm = "RS384"
        } else if EVP_PKEY_is_a(loaded, "EC") == 1, EVP_PKEY_get_bits(loaded) == 384 {
            algorithm = "ES384"
        } else {
            EVP_PKEY_free(loaded)
            throw .invalidParameters("the private key must be RSA (2048 bits or more) or EC P-384")
        }
        key = loaded
    }

    deinit { EVP_PKEY_free(key) }

    /// The JWS signature of `input`: PKCS#1 v1.5 with SHA-384, or ECDSA P-384 with SHA-384
    /// converted from DER to the fixed 96-byte `r || s` JWS wants.
    public func sign(_ input: Data) throws(CryptoError) -> Data {
        guard let context = EVP_MD_CTX_new() else { throw .openSSL(openSSLFailure("creating a signing context")) }
        defer { EVP_MD_CTX_free(context) }
        var length = 0
        var signature = Data()
        let ok = input.withUnsafeBytes { message -> Bool in
            guard EVP_DigestSignInit_ex(context, nil, "SHA384", nil, nil, key, nil) == 1,
                EVP_DigestSign(context, nil, &length, bytes(message), message.count) == 1
            else { return false }
            signature = Data(count: length)
            return signature.withUnsafeMutableBytes { output in
                EVP_DigestSign(context, mutableBytes(output), &length, bytes(message), message.count) == 1
            }
        }
        guard ok else { throw .openSSL(openSSLFailure("signing the JWT")) }
        signature.count = length
        guard algorithm == "ES384" else { return signature }
        guard let raw = Self.rawECDSA(signature, width: 48) else { throw .openSSL("ECDSA signature was not DER") }
        return raw
    }

    /// DER `SEQUENCE { INTEGER r, INTEGER s }` -> `r || s`, each left-padded to `width` bytes.
    static func rawECDSA(_ der: Data, width: Int) -> Data? {
        let bytes = [UInt8](der)
        var index = 0
        func length() -> Int? {
            guard index < bytes.count else { return nil }
            let first = Int(bytes[index])
            index += 1
            guard first & 0x80 != 0 else { return first }
            let count = first & 0x7F
            guard count <= 2, index + count <= bytes.count else { return nil }
            let value = bytes[index..<index + count].reduce(0) { $0 << 8 | Int($1) }
            index += count
            return value
        }
        func integer() -> [UInt8]? {
            guard index < bytes.count, bytes[index] == 0x02 else { return nil }
            index += 1
            guard let count = length(), index + count <= bytes.count else { return nil }
            var value = Array(bytes[index..<index + count])
            index += count
            while value.count > width, value.first == 0 { value.removeFirst() }
            guard value.count <= width else { return nil }
            return [UInt8](repeating: 0, count: width - value.count) + value
        }
        guard bytes.first == 0x30 else { return nil }
        index = 1
        guard length() != nil, let r = integer(), let s = integer() else { return nil }
        return Data(r + s)
    }
}
