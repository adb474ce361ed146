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
            condition("old", .active, onset: Make.t0 - 1000),
            condition("none-b", .active, name: "b"),
            condition("new", .active, onset: Make.t0),
            condition("gone", .resolved, onset: Make.t0 + 10),
            condition("recorded", .active, recorded: Make.t0 - 500),
            condition("none-a", .active, name: "A"),
        ])
        #expect(list.map(\.id) == ["new", "recorded", "old", "none-a", "none-b"])
    }
}
