import COpenSSL

/// Key and passphrase bytes in memory this object allocates and owns, so they can be wiped:
/// Swift arrays and `Data` may be copied or moved by the runtime and are never cleansed.
/// Immutable after initialisation, which is what makes sharing across threads safe.
public final class SecretBytes: @unchecked Sendable {
    private let storage: UnsafeMutableRawPointer
    /// Number of secret bytes.
    public let count: Int

    /// `count` bytes from OpenSSL's CSPRNG.
    public convenience init(count: Int) {
        self.init(count: count) { (buffer: UnsafeMutableRawBufferPointer) in
            fillRandom(buffer)
        }
    }

    /// A private copy of `bytes`; wiping the caller's own copy stays the caller's job.
    public convenience init(copying bytes: some Collection<UInt8>) {
        self.init(count: bytes.count) { (buffer: UnsafeMutableRawBufferPointer) in
            for (offset, byte) in bytes.enumerated() {
                buffer[offset] = byte
            }
        }
    }

    /// Lets OpenSSL write a secret straight into owned memory; if `initialize` fails the partial
    /// output is cleansed before the error leaves.
    init<E: Error>(count: Int, initializingWith initialize: (UnsafeMutableRawBufferPointer) throws(E) -> Void) throws(E) {
        precondition(count >= 0, "SecretBytes count must not be negative")
        let storage = UnsafeMutableRawPointer.allocate(byteCount: max(count, 1), alignment: 16)
        do {
            try initialize(UnsafeMutableRawBufferPointer(start: storage, count: count))
        } catch {
            OPENSSL_cleanse(storage, count)
            storage.deallocate()
            throw error
        }
        self.storage = storage
        self.count = count
    }

    deinit {
        OPENSSL_cleanse(storage, count)
        storage.deallocate()
    }

    /// Read access to the secret; the pointer must not escape `body`.
    public func withUnsafeBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        try body(UnsafeRawBufferPointer(start: storage, count: count))
    }
}

extension SecretBytes: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String { "<redacted>" }
    public var debugDescription: String { "<redacted>" }
    public var customMirror: Mirror { Mirror(self, children: [:]) }
}
