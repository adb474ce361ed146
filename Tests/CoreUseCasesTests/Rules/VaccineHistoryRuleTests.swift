import CoreDomain
import CoreUseCases
import Foundation
import Testing

@Suite struct VaccineHistoryRuleTests {
    private func dose(_ id: String, _ code: String, _ name: String, at: Date?, status: Immunization.Status = .completed) -> Immunization {
        Immunization(id: id, patientID: "p1", vaccine: CodedConcept(codings: [Coding(system: "http://hl7.org/fhir/sid/cvx", code: code)], text: name),
                     status: status, occurrence: at)
    }

    /// One line a vaccine, by its code, with the doses given counted and the last one's date;
    /// a dose not given or entered in error does not count.
    @Test func dosesAreGroupedByVaccineNewestFirst() {
        let history = VaccineHistoryRule.history([
            dose("f1", "140", "Influenza", at: Make.t0 - 400 * 86_400),
            dose("p1", "133", "PCV13", at: Make.t0 - 900 * 86_400),
            dose("f2", "140", "Influenza seasonal", at: Make.t0),
            dose("f3", "140", "Influenza", at: Make.t0 + 60, status: .notDone),
            dose("f4", "140", "Influenza", at: Make.t0 + 120, status: .enteredInError),
        ])
        #expect(history == [
            VaccineHistory(vaccine: CodedConcept(codings: [Coding(system: "http://hl7.org/fhir/sid/cvx", code: "140")], text: "Influenza seasonal"),
                           count: 2, last: Make.t0),
            VaccineHistory(vaccine: CodedConcept(codings: [Coding(system: "http://hl7.org/fhir/sid/cvx", code: "133")], text: "PCV13"),
                           count: 1, last: Make.t0 - 900 * 86_400),
        ])
    }

    @Test func theLastFiveProceduresDoneNewestFirst() {
        let procedures = (0..<7).map { n in
            Procedure(id: "p\(n)", patientID: "p1", code: CodedConcept(text: "P\(n)"), status: n == 6 ? .notDone : .completed,
                      performed: Make.t0 + Double(n) * 60)
        }
        #expect(RecentProcedureRule.recent(procedures).map(\.id) == ["p5", "p4", "p3", "p2", "p1"])
    }
}

@Suite struct CarePlanRuleTests {
    /// Plans in force, named by title else by their categories without US Core's plan kind;
    /// goals pursued.
    @Test func activePlansAreNamedAsAClinicianReadsThem() {
        let kind = CodedConcept(codings: [Coding(system: "http://hl7.org/fhir/us/core/CodeSystem/careplan-category", code: "assess-plan")])
        let plans = [
            CarePlan(id: "a", patientID: "p1", status: .active, categories: [kind, CodedConcept(text: "Asthma self management")], start: Make.t0),
            CarePlan(id: "b", patientID: "p1", status: .completed, categories: [CodedConcept(text: "Physiotherapy")]),
            CarePlan(id: "c", patientID: "p1", status: .active, title: "Diabetes plan", start: Make.t0 + 60),
            CarePlan(id: "d", patientID: "p1", status: .active, categories: [kind]),
        ]
        #expect(CarePlanRule.active(plans).map(CarePlanRule.name) == ["Diabetes plan", "Asthma self management", "Care plan"])
        let goals = [Goal(id: "g1", patientID: "p1", status: .active, description: CodedConcept(text: "A")),
                     Goal(id: "g2", patientID: "p1", status: .completed, description: CodedConcept(text: "B"))]
        #expect(CarePlanRule.active(goals).map(\.id) == ["g1"])
    }
}
