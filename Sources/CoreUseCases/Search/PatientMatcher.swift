import CoreDomain

/// Interprets what a clinician types into the patient search, once per keystroke, and then
/// tests rows against it by comparing pre-folded bytes.
///
/// The text is cut into words at spaces, commas and semicolons; a row matches when EVERY word
/// matches something about the patient ("brown 1954" finds the Browns born in 1954):
/// - a word with a digit matches the MRN or the bed anywhere in it, ignoring case ("pop-0001",
///   "0001", "4W-06"), or, when it is an ISO date `YYYY`, `YYYY-MM` or `YYYY-MM-DD`, the birth date to that
///   precision ("1954" finds every birth in 1954). Other date spellings (`12.04.1954`,
///   `04/12/1954`) are deliberately not read: day/month order differs between countries and
///   a wrong guess would show the wrong patient.
/// - any other word matches the start of a family or given name word, ignoring case,
///   diacritics and punctuation ("mul" finds Müller, "obr" finds O'Brien).
/// Empty text matches every row.
public struct PatientMatcher: Sendable, Hashable {
    struct NumberTerm: Sendable, Hashable {
        /// Where the MRN fragment sits in `needles`.
        let fragment: Range<Int>
        let birthDate: PartialDate?
    }

    /// Every term's bytes in one buffer, so matching a row touches no reference-counted storage.
    let needles: [UInt8]
    /// Name-word prefixes: `PatientSearchKey.wordStart` followed by the word.
    let nameTerms: [Range<Int>]
    let numberTerms: [NumberTerm]

    public init(_ text: String) {
        var needles: [UInt8] = []
        var nameTerms: [Range<Int>] = []
        var numberTerms: [NumberTerm] = []
        for word in Self.words(of: text) {
            let start = needles.count
            if word.contains(where: \.isNumber) {
                needles += SearchFolding.fold(String(word))
                numberTerms.append(NumberTerm(fragment: start..<needles.count, birthDate: PartialDate(iso: String(word))))
            } else {
                let letters = SearchFolding.alphanumericRuns(of: String(word)).joined()
                guard !letters.isEmpty else { continue }
                needles.append(PatientSearchKey.wordStart)
                needles += letters
                nameTerms.append(start..<needles.count)
            }
        }
        self.needles = needles
        self.nameTerms = nameTerms
        self.numberTerms = numberTerms
    }

    /// The words of a search text: cut at spaces, commas and semicolons.
    static func words(of text: String) -> [Substring] {
        text.split(whereSeparator: { $0.isWhitespace || $0 == "," || $0 == ";" })
    }

    public func matches(_ key: PatientSearchKey) -> Bool {
        key.nameBytes.withUnsafeBufferPointer { name in
            key.mrn.withUnsafeBufferPointer { mrn in
                withTerms { $0.matches(name: name, mrn: mrn, birthDate: key.birthDate) }
            }
        }
    }

    /// Runs `body` with the terms as raw buffers, for matching many rows in a loop.
    func withTerms<Result>(_ body: (Terms) -> Result) -> Result {
        needles.withUnsafeBufferPointer { needles in
            nameTerms.withUnsafeBufferPointer { names in
                numberTerms.withUnsafeBufferPointer { numbers in
                    body(Terms(needles: needles, nameTerms: names, numberTerms: numbers))
                }
            }
        }
    }

    /// The matcher's terms as raw buffers, valid only inside `withTerms`.
    struct Terms {
        let needles: UnsafeBufferPointer<UInt8>
        let nameTerms: UnsafeBufferPointer<Range<Int>>
        let numberTerms: UnsafeBufferPointer<NumberTerm>

        func matches(name: UnsafeBufferPointer<UInt8>, mrn: UnsafeBufferPointer<UInt8>, birthDate: PartialDate?) -> Bool {
            for term in nameTerms where !ByteSearch.contains(name, UnsafeBufferPointer(rebasing: needles[term])) {
                return false
            }
            for term in numberTerms {
                if let date = term.birthDate, let birthDate, Self.birthDate(birthDate, matches: date) { continue }
                if !ByteSearch.contains(mrn, UnsafeBufferPointer(rebasing: needles[term.fragment])) { return false }
            }
            return true
        }

        /// A birth date matches a query date when every part the query gives is known and equal.
        private static func birthDate(_ birth: PartialDate, matches query: PartialDate) -> Bool {
            guard birth.year == query.year else { return false }
            if let month = query.month, birth.month != month { return false }
            if let day = query.day, birth.day != day { return false }
            return true
        }
    }
}
