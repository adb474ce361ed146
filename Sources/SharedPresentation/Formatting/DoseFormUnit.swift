import CoreDomain
import Foundation

/// The unit of a dose sent as a bare number (Synthea writes a tablet's dose as `{"value": 1}`):
/// the countable form the drug's name ends in, as RxNorm names end in theirs (`Amoxicillin 500
/// MG Oral Tablet` is `1 tablet`, a metered dose inhaler's `2 puffs`). A name with no such form
/// gets no guess: the number is said to have come without a unit.
enum DoseFormUnit {
    /// Words in a drug's name and the unit one of that form is counted in, the longer name first.
    private static let forms: [(words: String, unit: (one: String, many: String))] = [
        ("metered dose inhaler", ("puff", "puffs")), ("dry powder inhaler", ("inhalation", "inhalations")),
        ("transdermal system", ("patch", "patches")), ("patch", ("patch", "patches")),
        ("tablet", ("tablet", "tablets")), ("capsule", ("capsule", "capsules")), ("caplet", ("caplet", "caplets")),
        ("suppository", ("suppository", "suppositories")), ("lozenge", ("lozenge", "lozenges")),
        ("troche", ("troche", "troches")),
    ]

    /// Said after a dose that came without a unit and a drug whose form counts none.
    static let unsent = "(no unit sent)"

    /// `1 tablet`, `2 puffs`, or `1 (no unit sent)`.
    static func dose(_ dose: Quantity, drug: String) -> String {
        let number = (dose.comparator ?? "") + DecimalText.withoutNoise(dose.value, places: 3)
        let name = drug.lowercased()
        guard let form = forms.first(where: { name.contains($0.words) }) else { return number + " " + unsent }
        return number + " " + (dose.value == 1 ? form.unit.one : form.unit.many)
    }
}
