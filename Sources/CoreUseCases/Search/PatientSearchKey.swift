import CoreDomain

/// The searchable parts of one patient row, folded once when the row is indexed so a keystroke
/// compares bytes and never folds strings row by row.
public struct PatientSearchKey: Sendable, Hashable {
    /// Marks the start of every name word in `nameBytes`, so "starts a word" is "follows 0".
    static let wordStart: UInt8 = 0

    /// Every family and given name word, folded, each preceded by `wordStart`. A part with
    /// punctuation or spaces ("O'Brien", "Garcia-Lopez") is kept both whole ("obrien") and as
    /// its pieces ("o", "brien"). Titles and suffixes are left out: "dr" would otherwise find
    /// every doctor.
    let nameBytes: [UInt8]
    /// The MRN, then the bed as the list writes it (`4w-06`) and alone, folded with their
    /// punctuation kept, each after a 0 byte no typed word contains: what a word with a digit
    /// is looked for in.
    let mrn: [UInt8]
    let birthDate: PartialDate?

    public init(_ entry: PatientListEntry) {
        self.init(patient: entry.patient, location: entry.location)
    }

    public init(patient: Patient, location: BedLocation? = nil) {
        var memo = SearchFolding.Memo()
        self.init(patient: patient, location: location, memo: &memo)
    }

    init(patient: Patient, location: BedLocation? = nil, memo: inout SearchFolding.Memo) {
        var bytes: [UInt8] = []
        for part in Self.nameParts(patient.name) {
            let runs = SearchFolding.runs(of: memo.fold(part))
            for run in runs {
                bytes.append(Self.wordStart)
                bytes += run
            }
            if runs.count > 1 {
                bytes.append(Self.wordStart)
                bytes += runs.joined()
            }
        }
        nameBytes = bytes
        var numbers = SearchFolding.fold(patient.mrn ?? "")
        if let location {
            let beds = [[location.ward, location.bed].compactMap { $0 }.joined(separator: "-"), location.bed ?? ""]
            for bed in beds where !bed.isEmpty { numbers += [Self.wordStart] + SearchFolding.fold(bed) }
        }
        mrn = numbers
        birthDate = patient.birthDate
    }

    /// Family then given names; the source's full text when it gives no parts.
    static func nameParts(_ name: PersonName) -> [String] {
        let parts = ([name.family].compactMap { $0 } + name.given).filter { !$0.isEmpty }
        return parts.isEmpty ? [name.text].compactMap { $0 } : parts
    }
}
