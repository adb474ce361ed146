import COpenSSL

/// An OSSL_PARAM array that owns a copy of every value it points to, so the pointers OpenSSL reads
/// stay valid for as long as the list; copies are cleansed on release because some are secrets.
/// Names are `StaticString`s: OSSL_PARAM keeps the key pointer, which a bridged `String` would not keep alive.
final class ParameterList {
    private let parameters: UnsafeMutablePointer<OSSL_PARAM>
    private let capacity: Int
    private var count = 0
    private var buffers: [UnsafeMutableRawBufferPointer] = []

    init(capacity: Int) {
        self.capacity = capacity
        parameters = .allocate(capacity: capacity + 1)
        parameters.initialize(repeating: OSSL_PARAM_construct_end(), count: capacity + 1)
    }

    deinit {
        for buffer in buffers {
            OPENSSL_cleanse(buffer.baseAddress, buffer.count)
            buffer.deallocate()
        }
        parameters.deallocate()
    }

    func addOctets(_ name: StaticString, _ bytes: UnsafeRawBufferPointer) {
        let copy = ownedBuffer(count: bytes.count)
        if let source = bytes.baseAddress, let target = copy.baseAddress {
            target.copyMemory(from: source, byteCount: bytes.count)
        }
        append(OSSL_PARAM_construct_octet_string(cString(name), copy.baseAddress, bytes.count))
    }

    func addUTF8(_ name: StaticString, _ value: StaticString) {
        append(OSSL_PARAM_construct_utf8_string(cString(name), UnsafeMutablePointer(mutating: cString(value)), 0))
    }

    func addUInt64(_ name: StaticString, _ value: UInt64) {
        let slot = ownedBuffer(count: MemoryLayout<UInt64>.size)
        slot.storeBytes(of: value, as: UInt64.self)
        append(OSSL_PARAM_construct_uint64(cString(name), slot.baseAddress?.assumingMemoryBound(to: UInt64.self)))
    }

    func addUInt32(_ name: StaticString, _ value: UInt32) {
        let slot = ownedBuffer(count: MemoryLayout<UInt32>.size)
        slot.storeBytes(of: value, as: UInt32.self)
        append(OSSL_PARAM_construct_uint32(cString(name), slot.baseAddress?.assumingMemoryBound(to: UInt32.self)))
    }

    /// The terminated array, valid only inside `body` (the list must outlive OpenSSL's use of it).
    func withParameters<R, E: Error>(_ body: (UnsafePointer<OSSL_PARAM>) throws(E) -> R) throws(E) -> R {
        try body(parameters)
    }

    private func append(_ parameter: OSSL_PARAM) {
        precondition(count < capacity, "ParameterList capacity exceeded")
        parameters[count] = parameter
        count += 1
    }

    private func ownedBuffer(count: Int) -> UnsafeMutableRawBufferPointer {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(count, 1), alignment: 8)
        buffers.append(buffer)
        return UnsafeMutableRawBufferPointer(rebasing: buffer[0..<count])
    }

    private func cString(_ string: StaticString) -> UnsafePointer<CChar> {
        UnsafeRawPointer(string.utf8Start).assumingMemoryBound(to: CChar.self)
    }
}
