import COpenSSL
import Foundation

/// HMAC-SHA256 tags, e.g. to chain audit entries so an edited or removed entry is detectable.
public struct MessageAuthenticator: Sendable {
    /// Length of a tag in bytes.
    public static let tagLength = 32
    private let key: SecretBytes

    public init(key: SecretBytes) {
        precondition(key.count > 0, "MessageAuthenticator needs a non-empty key")
        self.key = key
    }

    /// The HMAC-SHA256 of `data`. OpenSSL can only fail here when out of memory or built without
    /// its default provider; neither leaves a way to carry on, so that stops the process.
    public func tag(_ data: Data) -> Data {
        guard let mac = FetchedAlgorithm.hmac, let context = EVP_MAC_CTX_new(mac.pointer) else {
            fatalError(openSSLFailure("creating an HMAC context"))
        }
        defer { EVP_MAC_CTX_free(context) }
        let list = ParameterList(capacity: 1)
        list.addUTF8("digest", "SHA256")
        var tag = Data(count: Self.tagLength)
        let ok = key.withUnsafeBytes { key in
            data.withUnsafeBytes { input in
                tag.withUnsafeMutableBytes { output in
                    var written = 0
                    return list.withParameters { EVP_MAC_init(context, bytes(key), key.count, $0) } == 1
                        && EVP_MAC_update(context, bytes(input), input.count) == 1
                        && EVP_MAC_final(context, mutableBytes(output), &written, output.count) == 1
                        && written == Self.tagLength
                }
            }
        }
        guard ok else { fatalError(openSSLFailure("HMAC-SHA256")) }
        return tag
    }

    /// Whether `tag` is the tag of `data`, compared in constant time so timing reveals nothing.
    public func verify(_ data: Data, tag: Data) -> Bool {
        let expected = self.tag(data)
        guard tag.count == expected.count else { return false }
        return expected.withUnsafeBytes { lhs in
            tag.withUnsafeBytes { rhs in CRYPTO_memcmp(lhs.baseAddress, rhs.baseAddress, lhs.count) == 0 }
        }
    }
}
