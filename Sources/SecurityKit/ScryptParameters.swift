/// scrypt cost parameters, stored in the key file so they can be raised later without breaking old files.
public struct ScryptParameters: Sendable, Codable, Equatable {
    /// CPU/memory cost; a power of two greater than 1.
    public var n: UInt64
    /// Block size.
    public var r: UInt32
    /// Parallelisation.
    public var p: UInt32

    /// The defaults (N = 2^15, r = 8, p = 1) need 32 MiB and take a fraction of a second:
    /// the usual interactive-login choice.
    public init(n: UInt64 = 1 << 15, r: UInt32 = 8, p: UInt32 = 1) {
        self.n = n
        self.r = r
        self.p = p
    }

    /// Ceiling on scrypt's working memory, passed to OpenSSL as `maxmem_bytes` (its own default,
    /// 32 MiB, is just below what the defaults need). It also stops an edited key file from making
    /// unlock allocate gigabytes.
    public static let memoryLimit: UInt64 = 256 << 20

    /// Bytes scrypt allocates: 128·r·(N + 2) for V plus 128·r·p for B, as OpenSSL counts them;
    /// nil on overflow.
    var memoryNeeded: UInt64? {
        let block = 128 * UInt64(r)
        let (v, vOverflow) = block.multipliedReportingOverflow(by: n &+ 2)
        let (b, bOverflow) = block.multipliedReportingOverflow(by: UInt64(p))
        let (total, totalOverflow) = v.addingReportingOverflow(b)
        return vOverflow || bOverflow || totalOverflow || n > UInt64.max - 2 ? nil : total
    }

    /// Rejects what OpenSSL would refuse and what would exceed `memoryLimit`.
    func validate() throws(CryptoError) {
        guard n > 1, n & (n - 1) == 0 else { throw .invalidParameters("scrypt N must be a power of two greater than 1") }
        guard r > 0, p > 0 else { throw .invalidParameters("scrypt r and p must be at least 1") }
        guard let memory = memoryNeeded, memory <= Self.memoryLimit else {
            throw .invalidParameters("scrypt N and r need more than \(Self.memoryLimit >> 20) MiB")
        }
    }
}
