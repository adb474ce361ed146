/// OpenSSL's `unsigned char *` views of Swift buffers.
func bytes(_ buffer: UnsafeRawBufferPointer) -> UnsafePointer<UInt8>? {
    buffer.baseAddress?.assumingMemoryBound(to: UInt8.self)
}

func mutableBytes(_ buffer: UnsafeMutableRawBufferPointer) -> UnsafeMutablePointer<UInt8>? {
    buffer.baseAddress?.assumingMemoryBound(to: UInt8.self)
}
