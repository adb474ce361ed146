import Foundation

/// The one way search text is normalised, for both the rows and the query so they always agree:
/// case and diacritics folded without a locale ("Müller" and "muller" are the same word), as
/// UTF-8 bytes. ASCII text, the common case, is folded byte by byte; anything else goes
/// through Foundation's folding, which is exact but costs microseconds per string, so building
/// a large index remembers each distinct string's fold (`Memo`).
enum SearchFolding {
    static func fold(_ text: String) -> [UInt8] {
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            return text.utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
        }
        return Array(text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).utf8)
    }

    /// The letter-and-digit runs of the folded text: "O'Brien" is "o" + "brien".
    static func alphanumericRuns(of text: String) -> [[UInt8]] {
        runs(of: fold(text))
    }

    static func runs(of folded: [UInt8]) -> [[UInt8]] {
        if folded.allSatisfy({ $0 < 0x80 }) {
            return folded.split { !isASCIIAlphanumeric($0) }.map(Array.init)
        }
        return String(decoding: folded, as: UTF8.self)
            .split { !($0.isLetter || $0.isNumber) }
            .map { Array($0.utf8) }
    }

    private static func isASCIIAlphanumeric(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x61...0x7A).contains(byte)
    }

    /// Folds remembered while one index is built: names repeat across a census.
    struct Memo {
        private var folded: [String: [UInt8]] = [:]

        mutating func fold(_ text: String) -> [UInt8] {
            if let known = folded[text] { return known }
            let result = SearchFolding.fold(text)
            folded[text] = result
            return result
        }
    }
}
