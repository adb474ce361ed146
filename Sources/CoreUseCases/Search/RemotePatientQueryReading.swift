import CoreDomain

extension RemotePatientQuery {
    /// What the list's search text asks of the server, word by word as `PatientMatcher` reads
    /// it: a word with a digit is a birth date when ISO-shaped (`1954`, `1954-12-21`), else an
    /// MRN; any other word with a letter or digit is a name.
    public init(searchText text: String) {
        self.init()
        for word in PatientMatcher.words(of: text).map(String.init) {
            if word.contains(where: \.isNumber) {
                if let date = PartialDate(iso: word) { birthDates.append(date) } else { identifiers.append(word) }
            } else if !SearchFolding.alphanumericRuns(of: word).isEmpty {
                names.append(word)
            }
        }
    }
}
