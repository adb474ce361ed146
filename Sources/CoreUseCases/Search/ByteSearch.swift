/// Substring search over raw bytes, the inner loop of every patient search: no Unicode
/// machinery and no reference counting per row.
enum ByteSearch {
    static func contains(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = needle.count
        guard count > 0 else { return true }
        guard count <= haystack.count else { return false }
        let first = needle[0]
        var start = 0
        let last = haystack.count - count
        while start <= last {
            if haystack[start] == first {
                var i = 1
                while i < count && haystack[start + i] == needle[i] { i += 1 }
                if i == count { return true }
            }
            start += 1
        }
        return false
    }
}
