import COpenSSL

/// Runs a fetched EVP_KDF, writing `length` bytes straight into a new secret so derived keys never
/// pass through memory that cannot be wiped.
func deriveSecret(using algorithm: FetchedAlgorithm?, length: Int, parameters: ParameterList) throws(CryptoError) -> SecretBytes {
    guard let algorithm else { throw .openSSL("a key derivation function is unavailable in this OpenSSL build") }
    guard let context = EVP_KDF_CTX_new(algorithm.pointer) else {
        throw .openSSL(openSSLFailure("creating a \(algorithm.name) context"))
    }
    defer { EVP_KDF_CTX_free(context) }
    return try SecretBytes(count: length) { (output: UnsafeMutableRawBufferPointer) throws(CryptoError) in
        let status = parameters.withParameters { list in
            EVP_KDF_derive(context, output.baseAddress?.assumingMemoryBound(to: UInt8.self), output.count, list)
        }
        guard status == 1 else { throw .openSSL(openSSLFailure("\(algorithm.name) derivation")) }
    }
}
