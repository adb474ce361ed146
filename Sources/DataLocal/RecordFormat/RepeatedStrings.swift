import Foundation

/// The long strings met while decoding one chart bundle, handed out again when the same bytes
/// come back. Two years of daily labs carry the same test names ("Sodium [Moles/volume] in
/// Serum or Plasma") thousands of times; each decoded alone allocated and checked its own copy.
/// A handful of recent strings are kept (a ward's tests repeat in short cycles), compared byte
/// for byte, so a string handed out always reads exactly as decoding its bytes would.
final class RepeatedStrings {
    /// How many recent strings are kept: more than a morning's panels name, few enough to scan.
    static let capacity = 32

    private var recent: [String] = []
    /// The slot the next new string takes once `recent` is full (oldest first).
    private var next = 0

    init() {
        recent.reserveCapacity(Self.capacity)
    }

    /// The string of `utf8`: one kept earlier with the same bytes, else a new one, kept.
    func string(_ utf8: UnsafeBufferPointer<UInt8>) -> String {
        for kept in recent where kept.utf8.count == utf8.count && Self.bytes(of: kept, equal: utf8) {
            return kept
        }
        let string = String(decoding: utf8, as: UTF8.self)
        if recent.count < Self.capacity {
            recent.append(string)
        } else {
            recent[next] = string
            next = (next + 1) % Self.capacity
        }
        return string
    }

    /// Compares stored bytes, so a string repaired from invalid UTF-8 (whose bytes differ from
    /// those read) is never handed out for them.
    private static func bytes(of string: String, equal utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        var string = string
        return string.withUTF8 { kept in
            guard let a = kept.baseAddress, let b = utf8.baseAddress else { return kept.count == utf8.count }
            return memcmp(a, b, utf8.count) == 0
        }
    }
}
