import Foundation
import Glibc

/// An answer as libcurl hands it over, refused past `limit` bytes, its headers counted with
/// its body: the callbacks stop the transfer the moment it would pass. The body is kept in one
/// block. The block is grown with
/// `realloc`, which moves a large block by remapping its pages rather than copying them, so
/// holding a body costs the body's size, not twice it (a copy-and-double growth would touch
/// 128 MB to hold the 64 MB limit). Used by one transfer on one thread.
final class ResponseBuffer {
    let limit: Int
    private var storage: UnsafeMutableRawPointer?
    private var capacity = 0
    private var count = 0
    /// Header and body bytes so far.
    private var used = 0

    /// The first block: most FHIR answers fit in it.
    private static let initialCapacity = 64 << 10

    init(limit: Int) {
        self.limit = limit
    }

    deinit {
        free(storage)
    }

    /// Counts a header line's bytes; false when they take the answer past the limit.
    func countHeader(_ length: Int) -> Bool {
        guard length <= limit - used else { return false }
        used += length
        return true
    }

    /// Appends `bytes` to the body; false, keeping nothing more, when they would take the
    /// answer past the limit, or when memory for them cannot be had.
    func append(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count <= limit - used else { return false }
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return true }
        if count + bytes.count > capacity {
            let wanted = min(limit, max(count + bytes.count, capacity * 2, Self.initialCapacity))
            guard let grown = realloc(storage, wanted) else { return false }
            storage = grown
            capacity = wanted
        }
        (storage! + count).copyMemory(from: base, byteCount: bytes.count)
        count += bytes.count
        used += bytes.count
        return true
    }

    /// The body, handed over without a copy; the buffer is empty afterwards.
    func take() -> Data {
        guard let storage, count > 0 else { return Data() }
        self.storage = nil
        defer { capacity = 0; count = 0 }
        return Data(bytesNoCopy: storage, count: count, deallocator: .free)
    }
}
