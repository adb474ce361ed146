import CoreDomain
import CoreUseCases
import Foundation
import Testing

@Suite struct ActiveProblemRuleTests {
    func condition(
        _ id: String, _ clinical: Condition.ClinicalStatus?, _ verification: Condition.VerificationStatus? = .confirmed,
        name: String = "COPD", onset: Date? = nil, recorded: Date? = nil
    ) -> Condition {
        Condition(id: id, patientID: "p1", code: CodedConcept(text: name), clinicalStatus: clinical,
                  verificationStatus: verification, onset: onset, recordedDate: recorded)
    }

    @Test func activeRecurrenceAndRelapseAreActive() {
        for status in [Condition.ClinicalStatus.active, .recurrence, .relapse] {
            #expect(ActiveProblemRule.isActive(condition("c", status)), "\(status)")
        }
        for status in [Condition.ClinicalStatus.inactive, .remission, .resolved] {
            #expect(!ActiveProblemRule.isActive(condition("c", status)), "\(status)")
        }
        #expect(!ActiveProblemRule.isActive(condition("c", nil)))
    }

    @Test func refutedAndEnteredInErrorAreNeverActive() {
        #expect(!ActiveProblemRule.isActive(condition("c", .active, .refuted)))
        #expect(!ActiveProblemRule.isActive(condition("c", .active, .enteredInError)))
        #expect(ActiveProblemRule.isActive(condition("c", .active, .provisional)))
        #expect(ActiveProblemRule.isActive(condition("c", .active, nil)))
    }

    @Test func listsNewestOnsetFirstUndatedLastThenByName() {
        let list = ActiveProblemRule.activeProblems(in: [
            condition("old", .active, name: "Asthma", onset: Make.t0 - 1000),
            condition("none-b", .active, name: "b"),
            condition("new", .active, name: "COPD", onset: Make.t0),
            condition("gone", .resolved, name: "Gout", onset: Make.t0 + 10),
            condition("recorded", .active, name: "Diabetes", recorded: Make.t0 - 500),
            condition("none-a", .active, name: "A"),
        ])
        #expect(list.map(\.condition.id) == ["new", "recorded", "old", "none-a", "none-b"])
    }

    /// As Synthea sends them: one finding recorded at every visit, a disorder once.
    @Test func aRepeatedConditionIsOneLineWithItsCountAndEarliestOnset() {
        let reviews = (0..<13).map { n in
            condition("review-\(n)", .active, name: "Medication review due (situation)", onset: Make.t0 - Double(n) * 86_400 * 30)
        }
        let list = ActiveProblemRule.activeProblems(in: reviews + [
            condition("htn", .active, name: "Essential hypertension (disorder)", onset: Make.t0 - 86_400 * 3000),
            condition("bmi", .active, name: "Body mass index 30+ - obesity (finding)", onset: Make.t0 - 86_400 * 400),
        ])
        #expect(list.map(\.condition.code.displayName) == [
            "Essential hypertension", "Medication review due", "Body mass index 30+ - obesity",
        ], "shown without their tags; disorders before situations and findings, however recent those are; then the newest first")
        #expect(list[1].count == 13)
        #expect(list[1].since == Make.t0 - 12 * 86_400 * 30)
        #expect(list[1].condition.id == "review-12", "the earliest record stands for them")
    }
}
