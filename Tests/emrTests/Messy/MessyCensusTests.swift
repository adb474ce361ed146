import CoreDomain
import CoreUseCases
import Foundation
@testable import SharedPresentation
import Testing

/// The census row at 80x24 (23 cells) on the messy records (issue 31).
@Suite(.serialized) struct MessyCensusTests {
    private func row(_ patientID: String) async throws -> StyledLine {
        PatientListView.row(try await MessyChart.entry(patientID), width: MessyChart.listWidth, context: MessyChart.context)
    }

    /// A critical potassium sent without a range: the row says so, in the critical style.
    @Test func aCriticalResultMarksTheListRow() async throws {
        let critical = try await row("messy-norange")
        #expect(critical.spans.contains { $0.text == PatientListView.criticalResultMarker && $0.role == .critical }, "\(critical.plainText)")
        let calm = try await row("messy-names")
        #expect(!calm.plainText.contains(PatientListView.criticalResultMarker), "\(calm.plainText)")
    }

    /// A NEWS2 of 7 from six days ago drove the list's `7!` with no sign that it was old, and
    /// read like the abnormal-vital `!`.
    @Test func anOldHighScoreIsMarkedStaleAndItsObservationsLate() async throws {
        let text = try await row("messy-oldnews").plainText
        #expect(text.contains("7H" + PatientRowMarksText.staleMark), "the band a letter, the score marked stale: \(text)")
        #expect(text.hasSuffix(" O!"), "its observations late, before the abnormal-vital mark: \(text)")
        #expect(!text.contains("7!"), "\(text)")
    }
}
