import Foundation

/// The order of tests within a Results panel: Finder's (`localizedStandardCompare`: case
/// aside, a number by its value, so `Hb A1c 2` before `Hb A1c 10`). Foundation's compare makes a
/// locale for every call and cost a twentieth of an import's time, where each patient's panels
/// are sorted. Names of ASCII letters, digits and spaces only, nearly every test's, are ordered
/// here the way it orders them (space, then digits, then letters); a name with anything else,
/// or two that tie here (`pH` and `PH`, `01` and `1`), are left to Foundation.
enum TestNameOrder {
    static func precedes(_ first: String, _ second: String) -> Bool {
        if let decided = plainOrder(Array(first.utf8), Array(second.utf8)) { return decided }
        return first.localizedStandardCompare(second) == .orderedAscending
    }

    /// Whether `first` goes before `second`, when both are plain and they differ as plain
    /// names; nil otherwise.
    private static func plainOrder(_ first: [UInt8], _ second: [UInt8]) -> Bool? {
        var i = 0, j = 0
        while i < first.count || j < second.count {
            guard i < first.count else { return true }
            guard j < second.count else { return false }
            guard let a = kind(first[i]), let b = kind(second[j]) else { return nil }
            if a != b { return a < b }
            if a == .digit {
                let left = run(first, from: &i), right = run(second, from: &j)
                guard left.value == right.value else {
                    return left.value.count != right.value.count ? left.value.count < right.value.count : left.value.lexicographicallyPrecedes(right.value)
                }
                guard left.length == right.length else { return nil }
                continue
            }
            let x = lowercase(first[i]), y = lowercase(second[j])
            if x != y { return x < y }
            i += 1
            j += 1
        }
        return nil
    }

    private enum Kind: Int, Comparable {
        case space, digit, letter
        static func < (lhs: Kind, rhs: Kind) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    private static func kind(_ byte: UInt8) -> Kind? {
        switch byte {
        case UInt8(ascii: " "): .space
        case UInt8(ascii: "0")...UInt8(ascii: "9"): .digit
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"): .letter
        default: nil
        }
    }

    private static func lowercase(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }

    /// The digits from `index` on, without leading zeros, and how many there were with them.
    private static func run(_ bytes: [UInt8], from index: inout Int) -> (value: ArraySlice<UInt8>, length: Int) {
        let start = index
        while index < bytes.count, kind(bytes[index]) == .digit { index += 1 }
        var significant = start
        while significant < index - 1, bytes[significant] == UInt8(ascii: "0") { significant += 1 }
        return (bytes[significant..<index], index - start)
    }
}
