import CoreDomain
import CoreUseCases
import Foundation
import Testing
@testable import SharedPresentation

/// A problem the source lists again and again reads as one line with its count and start.
@Suite struct ProblemLineTests {
    @Test func aRepeatedProblemShowsItsCountAndYear() {
        let condition = Condition(id: "c", patientID: "p", code: CodedConcept(text: "Medication review due (situation)"), clinicalStatus: .active)
        let repeated = ActiveProblem(condition: condition, count: 13, since: Date(timeIntervalSince1970: 1_330_000_000))
        #expect(SummaryView.problemText(repeated, context: LookAlikeRowTests.context) == "Medication review due ×13 since 2012")
        #expect(SummaryView.problemText(ActiveProblem(condition: condition), context: LookAlikeRowTests.context) == "Medication review due")
    }
}
