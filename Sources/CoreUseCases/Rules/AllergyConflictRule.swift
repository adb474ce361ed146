import CoreDomain

/// An active order whose drug the patient is allergic to: the same coded substance, the
/// allergen's name in the drug's name, or a drug of a class the allergy extends to (the
/// table below, kept small and explicit; it supports, never replaces, a pharmacist's check).
///
/// | allergy named                     | flags orders for                                            |
/// |-----------------------------------|-------------------------------------------------------------|
/// | penicillin                        | penicillin, amoxicillin, ampicillin, piperacillin, flucloxacillin, dicloxacillin, oxacillin, nafcillin |
/// | sulfonamide, sulfa                | sulfamethoxazole, sulfasalazine, sulfadiazine, celecoxib    |
/// | NSAID, aspirin, acetylsalicylic   | aspirin, ibuprofen, naproxen, diclofenac, ketorolac, indometacin, indomethacin |
public enum AllergyConflictRule {
    static let classes: [(allergens: Set<String>, members: Set<String>)] = [
        (["penicillin", "penicillins"],
         ["penicillin", "amoxicillin", "ampicillin", "piperacillin", "flucloxacillin", "dicloxacillin", "oxacillin", "nafcillin"]),
        (["sulfonamide", "sulfonamides", "sulfa", "sulpha"], ["sulfamethoxazole", "sulfasalazine", "sulfadiazine", "celecoxib"]),
        (["nsaid", "nsaids", "aspirin", "acetylsalicylic"],
         ["aspirin", "ibuprofen", "naproxen", "diclofenac", "ketorolac", "indometacin", "indomethacin"]),
    ]

    /// For each order in conflict (by id), the allergy's substance as recorded.
    public static func conflicts(_ orders: [MedicationRequest], _ status: AllergyStatus) -> [String: String] {
        var found: [String: String] = [:]
        for order in orders {
            let drug = words(order.medication.displayName)
            for allergy in status.active where conflicts(order, drug: drug, allergy) {
                found[order.id] = allergy.substance.displayName
                break
            }
        }
        return found
    }

    private static func conflicts(_ order: MedicationRequest, drug: Set<String>, _ allergy: AllergyIntolerance) -> Bool {
        let sameCode = allergy.substance.codings.contains { coding in
            coding.code != nil && order.medication.codings.contains { $0.system == coding.system && $0.code == coding.code }
        }
        if sameCode { return true }
        let allergen = words(allergy.substance.displayName)
        if !allergen.filter({ $0.count >= 4 }).isDisjoint(with: drug) { return true }
        return classes.contains { !$0.allergens.isDisjoint(with: allergen) && !$0.members.isDisjoint(with: drug) }
    }

    /// Lower-case words of letters only ("Celecoxib 200 MG Oral Capsule" → celecoxib, mg, oral, capsule).
    private static func words(_ name: String) -> Set<String> {
        Set(name.lowercased().split { !$0.isLetter }.map(String.init))
    }
}
