import CoreDomain
import Foundation

/// The Summary's vaccines: doses given (not those recorded as not done or entered in error),
/// grouped by vaccine (its code where it has one, else its name), newest last dose first.
public enum VaccineHistoryRule {
    public static func history(_ immunizations: [Immunization]) -> [VaccineHistory] {
        let given = immunizations.filter { $0.status == .completed }
            .sorted { ($0.occurrence ?? .distantPast, $0.id) > ($1.occurrence ?? .distantPast, $1.id) }
        var order: [String] = []
        var byVaccine: [String: VaccineHistory] = [:]
        for dose in given {
            let key = dose.vaccine.codings.first { $0.code != nil }.map { "\($0.system ?? "")|\($0.code ?? "")" } ?? dose.vaccine.displayName
            if byVaccine[key] == nil {
                order.append(key)
                byVaccine[key] = VaccineHistory(vaccine: dose.vaccine, count: 0, last: dose.occurrence)
            }
            byVaccine[key]?.count += 1
        }
        return order.compactMap { byVaccine[$0] }
    }
}
