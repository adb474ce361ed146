import CoreDomain
import Foundation

/// The Summary's care: care plans in force (status active), newest first, each named as a
/// clinician reads it, and goals being pursued (active or accepted).
public enum CarePlanRule {
    /// US Core's plan kind ("assess-plan"): the same for every plan, so it names none.
    static let usCoreCategorySystem = "http://hl7.org/fhir/us/core/CodeSystem/careplan-category"

    public static func active(_ plans: [CarePlan]) -> [CarePlan] {
        plans.filter { $0.status == .active }.sorted { ($0.start ?? .distantPast, $0.id) > ($1.start ?? .distantPast, $1.id) }
    }

    public static func active(_ goals: [Goal]) -> [Goal] {
        goals.filter { $0.status == .active || $0.status == .accepted }.sorted { $0.id < $1.id }
    }

    /// The plan's title, else its categories but US Core's plan kind ("Asthma self management").
    public static func name(_ plan: CarePlan) -> String {
        if let title = plan.title { return title }
        let named = plan.categories.filter { !$0.codings.contains { $0.system == usCoreCategorySystem } }.map(\.displayName)
        return named.isEmpty ? "Care plan" : named.joined(separator: ", ")
    }
}
