import COpenSSL
import Foundation

/// AES-256-GCM for individual records. Sealed layout: `0x01 | nonce(12) | ciphertext | tag(16)`.
/// Each seal draws a fresh random nonce (NIST SP 800-38D allows 2^32 random-nonce seals per key,
/// far beyond a workstation cache) and binds `context` as associated data, so a record copied to
/// another row fails to open.
/// Every call creates its own OpenSSL context: contexts are not thread-safe, the key and the
/// fetched cipher are immutable, so one `RecordCipher` may be used from any number of threads.
public struct RecordCipher: Sendable {
    static let version: UInt8 = 0x01
    static let nonceLength = 12
    static let tagLength = 16
    static let overhead = 1 + nonceLength + tagLength

    private let key: SecretBytes

    /// `key` must be 32 bytes (AES-256).
    public init(key: SecretBytes) {
        precondition(key.count == 32, "RecordCipher needs a 32-byte key")
        self.key = key
    }

    /// Encrypts and authenticates `plaintext`, authenticating `context` too.
    public func seal(_ plaintext: some ContiguousBytes, context: Data) throws(SealError) -> Data {
        let result = plaintext.withUnsafeBytes { input in
            context.withUnsafeBytes { aad in
                Result { () throws(SealError) in try seal(input, aad: aad) }
            }
        }
        return try result.get()
    }

    /// The plaintext of a record sealed under this key with the same `context`.
    public func open(_ sealed: Data, context: Data) throws(SealError) -> Data {
        try Self.checkFormat(sealed)
        let length = sealed.count - Self.overhead
        // malloc'd and handed to Data without copying or zero-filling: this runs once per record.
        guard let output = malloc(max(length, 1)) else { throw .crypto("out of memory") }
        do {
            try open(sealed, context: context, into: UnsafeMutableRawBufferPointer(start: output, count: length))
        } catch {
            free(output)
            throw error
        }
        return Data(bytesNoCopy: output, count: length, deallocator: .free)
    }

    /// Opens a sealed key straight into wipeable memory.
    func openSecret(_ sealed: Data, context: Data) throws(SealError) -> SecretBytes {
        try Self.checkFormat(sealed)
        return try SecretBytes(count: sealed.count - Self.overhead) { (output: UnsafeMutableRawBufferPointer) throws(SealError) in
            try open(sealed, context: context, into: output)
        }
    }

    private static func checkFormat(_ sealed: Data) throws(SealError) {
        guard sealed.count >= overhead, sealed.first == version else { throw .malformed }
        guard sealed.count - overhead <= Int(Int32.max) else { throw .malformed }
    }

    private func seal(_ input: UnsafeRawBufferPointer, aad: UnsafeRawBufferPointer) throws(SealError) -> Data {
        guard input.count <= Int(Int32.max) - Self.overhead else { throw .crypto("record larger than 2 GiB") }
        let length = Self.overhead + input.count
        guard let raw = malloc(length) else { throw .crypto("out of memory") }
        let output = UnsafeMutableRawBufferPointer(start: raw, count: length)
        do {
            output[0] = Self.version
            let nonce = UnsafeMutableRawBufferPointer(rebasing: output[1...Self.nonceLength])
            fillRandom(nonce)
            let body = UnsafeMutableRawBufferPointer(rebasing: output[(1 + Self.nonceLength)...])
            try key.withUnsafeBytes { key throws(SealError) in
                try Self.withCipherContext { context throws(SealError) in
                    var written: Int32 = 0
                    guard EVP_EncryptInit_ex2(context, Self.cipher, bytes(key), bytes(UnsafeRawBufferPointer(nonce)), nil) == 1,
                          aad.isEmpty || EVP_EncryptUpdate(context, nil, &written, bytes(aad), Int32(aad.count)) == 1,
                          input.isEmpty || EVP_EncryptUpdate(context, mutableBytes(body), &written, bytes(input), Int32(input.count)) == 1,
                          EVP_EncryptFinal_ex(context, mutableBytes(body).map { $0 + input.count }, &written) == 1,
                          EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_GET_TAG, Int32(Self.tagLength), raw + length - Self.tagLength) == 1
                    else { throw .crypto(openSSLFailure("AES-256-GCM encryption")) }
                }
            }
        } catch {
            free(raw)
            throw error
        }
        return Data(bytesNoCopy: raw, count: length, deallocator: .free)
    }

    /// Decrypts into `output` (ciphertext length bytes). GCM writes plaintext before the tag is
    /// checked, so on failure `output` is cleansed: unauthenticated plaintext never escapes.
    private func open(_ sealed: Data, context aadData: Data, into output: UnsafeMutableRawBufferPointer) throws(SealError) {
        let result = sealed.withUnsafeBytes { sealed in
            aadData.withUnsafeBytes { aad in
                Result { () throws(SealError) in
                    let nonce = UnsafeRawBufferPointer(rebasing: sealed[1...Self.nonceLength])
                    let ciphertext = UnsafeRawBufferPointer(rebasing: sealed[(1 + Self.nonceLength)..<(sealed.count - Self.tagLength)])
                    let tag = UnsafeRawBufferPointer(rebasing: sealed[(sealed.count - Self.tagLength)...])
                    try key.withUnsafeBytes { key throws(SealError) in
                        try Self.withCipherContext { context throws(SealError) in
                            var written: Int32 = 0
                            guard EVP_DecryptInit_ex2(context, Self.cipher, bytes(key), bytes(nonce), nil) == 1,
                                  aad.isEmpty || EVP_DecryptUpdate(context, nil, &written, bytes(aad), Int32(aad.count)) == 1,
                                  ciphertext.isEmpty || EVP_DecryptUpdate(context, mutableBytes(output), &written, bytes(ciphertext), Int32(ciphertext.count)) == 1,
                                  EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_SET_TAG, Int32(Self.tagLength), UnsafeMutableRawPointer(mutating: tag.baseAddress)) == 1
                            else { throw .crypto(openSSLFailure("AES-256-GCM decryption")) }
                            guard EVP_DecryptFinal_ex(context, mutableBytes(output).map { $0 + output.count }, &written) == 1 else {
                                ERR_clear_error()
                                throw .authenticationFailed
                            }
                        }
                    }
                }
            }
        }
        if case .failure = result { OPENSSL_cleanse(output.baseAddress, output.count) }
        try result.get()
    }

    private static var cipher: OpaquePointer? { FetchedAlgorithm.aes256GCM?.pointer }

    private static func withCipherContext(_ body: (OpaquePointer) throws(SealError) -> Void) throws(SealError) {
        guard FetchedAlgorithm.aes256GCM != nil else { throw .crypto("AES-256-GCM is unavailable in this OpenSSL build") }
        guard let context = EVP_CIPHER_CTX_new() else { throw .crypto(openSSLFailure("creating a cipher context")) }
        defer { EVP_CIPHER_CTX_free(context) }
        try body(context)
    }
}
