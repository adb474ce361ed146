import CoreDomain
import Foundation
@testable import SharedPresentation
import Testing

/// Terms as a clinician reads them (issue 31): SNOMED CT's semantic tags never shown, a reason
/// sent as a code read as words, every allergy named on the banner.
@Suite(.serialized) struct MessyTermsTests {
    /// SNOMED CT semantic tags, as a display ends with one: `Animal dander (substance)`.
    static let semanticTags = [
        "disorder", "finding", "situation", "substance", "procedure", "qualifier value", "organism", "observable entity",
        "regime/therapy", "event", "product", "body structure", "morphologic abnormality", "clinical drug", "medicinal product",
    ].map { "(\($0))" }

    static func isTagged(_ line: String) -> Bool { semanticTags.contains { line.contains($0) } }

    /// Every line any tab shows, with each encounter's details and each test's history opened.
    private func everything(_ patientID: String) async throws -> [String] {
        var lines: [String] = []
        for tab in ChartTab.registered {
            let (chart, text) = try await MessyChart.shown(patientID, tab)
            lines += text
            for index in (chart[EncountersState.self]?.list.value?.items ?? []).indices {
                lines += try await MessyChart.shown(patientID, tab) { chart in
                    chart[EncountersState.self]?.selected = index
                    chart[EncountersState.self]?.isDetailOpen = true
                }.text
            }
            for index in (chart[ResultsState.self]?.worksheet.value?.tests ?? []).indices {
                lines += try await MessyChart.shown(patientID, tab) { chart in
                    chart[ResultsState.self]?.selectedTest = index
                    chart[ResultsState.self]?.isHistoryOpen = true
                }.text
            }
        }
        return lines
    }

    @Test func noSemanticTagOnAnyTabOfAnyMessyChart() async throws {
        for patientID in try MessyChart.patientIDs() {
            let tagged = try await everything(patientID).filter(Self.isTagged)
            #expect(tagged.isEmpty, "\(patientID): \(tagged)")
        }
    }

    @Test func allergiesProblemsAndEncountersReadAsTheirPreferredTerms() async throws {
        let text = MessyChart.words(try await everything("messy-terms"))
        for term in ["Animal dander", "Peanut", "Chronic sinusitis", "General examination of patient", "Negative"] {
            #expect(text.contains(term), "\(term) in \(text)")
        }
    }

    /// `Medication_Review_Due` was shown as sent; a reason coded with a display but no text showed its tag.
    @Test func anEncounterReasonSentAsACodeReadsAsWords() async throws {
        let details = MessyChart.words(try await everything("messy-terms"))
        #expect(details.contains("Reason Medication review due"), "\(details)")
        #expect(details.contains("Reason Acute viral pharyngitis"), "\(details)")
        #expect(!details.contains("_"), "no code's underscores: \(details)")
    }

    /// At 80x24 the banner said `ALLERGY: Peanut (substance) +1 more`: the second allergy was hidden.
    @Test func theBannerNamesEveryAllergyAt80x24() async throws {
        let banner = try await MessyChart.shown("messy-terms", .summary).chart
        let lines = BannerView.lines(for: banner, width: MessyChart.width, context: MessyChart.context).map(\.plainText)
        let text = MessyChart.words(lines)
        #expect(text.contains("ALLERGY: Peanut, Animal dander"), "severe first, then the rest: \(lines)")
        #expect(!text.contains("more"), "\(lines)")
    }
}
