import CoreDomain

/// The order of the patient list: by ward, then bed, then name (family, then given names), as a ward
/// census is walked. Rows without a ward or bed come after those with one. Ward and bed labels
/// compare "naturally", numbers by value ("Bed 2" before "Bed 12"), ignoring case. The patient
/// id breaks remaining ties so the order never changes between keystrokes.
///
/// Each row gets one byte string whose plain byte order is that order, built once, so sorting
/// a large census compares bytes only.
enum PatientListOrder {
    private static let fieldEnd: UInt8 = 0x00
    private static let numberTag: UInt8 = 0x01
    private static let textTag: UInt8 = 0x02
    private static let missing: UInt8 = 0xFF

    private static let nameSeparator: UInt8 = 0x01

    static func sortKey(_ entry: PatientListEntry, memo: inout SearchFolding.Memo) -> [UInt8] {
        var key: [UInt8] = []
        appendNatural(entry.location?.ward, to: &key, memo: &memo)
        appendNatural(entry.location?.bed ?? entry.location?.room, to: &key, memo: &memo)
        for part in PatientSearchKey.nameParts(entry.patient.name) {
            key += memo.fold(part)
            key.append(nameSeparator)
        }
        key.append(fieldEnd)
        key += Array(entry.patient.id.utf8)
        return key
    }

    /// Plain byte order, compared without generic overhead: it runs n log n times.
    static func areInIncreasingOrder(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                let count = min(a.count, b.count)
                var i = 0
                while i < count {
                    if a[i] != b[i] { return a[i] < b[i] }
                    i += 1
                }
                return a.count < b.count
            }
        }
    }

    /// Digit runs as tag, length, digits (so 2 < 12, and "02" after "2" by a trailing zero
    /// count); other runs as tag, folded bytes, end. A missing label sorts after every label.
    private static func appendNatural(_ label: String?, to key: inout [UInt8], memo: inout SearchFolding.Memo) {
        guard let label else {
            key += [missing, fieldEnd]
            return
        }
        let bytes = memo.fold(label)
        var index = 0
        while index < bytes.count {
            let isDigit = isASCIIDigit(bytes[index])
            var end = index
            while end < bytes.count && isASCIIDigit(bytes[end]) == isDigit { end += 1 }
            let run = bytes[index..<end]
            if isDigit {
                let significant = run.drop { $0 == 0x30 }
                key += [numberTag, UInt8(clamping: significant.count)] + significant + [UInt8(clamping: run.count - significant.count)]
            } else {
                key += [textTag] + run + [fieldEnd]
            }
            index = end
        }
        key.append(fieldEnd)
    }

    private static func isASCIIDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
}
