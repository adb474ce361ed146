import CoreDomain
import Foundation
@testable import SharedPresentation
import Testing

/// Synthea-like notes, procedures and vaccines (Fixtures/messy/clinical-notes.ndjson, issue
/// 32): a base64 plain-text note, a markdown one, an HTML one carrying a script and terminal
/// escape sequences, one far beyond what is shown, read in their encounter's details at 80x24.
@Suite(.serialized) struct MessyNotesTests {
    private static let patient = "messy-notes"

    /// The details of the encounter at `index` of the list (newest first).
    private func details(_ index: Int) async throws -> [String] {
        try await MessyChart.shown(Self.patient, .encounters) { chart in
            chart[EncountersState.self]?.selected = index
            chart[EncountersState.self]?.isDetailOpen = true
        }.text
    }

    @Test func anEncountersDetailsShowItsNotesDiagnosesProceduresObservationsAndOrders() async throws {
        let text = MessyChart.words(try await details(0))
        for expected in [
            "History and physical note", "Lindqvist, Maren", "Continue lisinopril 10 mg daily.", "Review in 12 months.",
            "Progress note", "**Influenza vaccine** given today", "Discharge summary", "Seen & examined.", "Stable <no distress>.",
            "- Eat well", "Essential hypertension", "Medication reconciliation", "Pneumococcal conjugate PCV 13", "HR 72 /min",
            "lisinopril 10 MG Oral Tablet",
        ] {
            #expect(text.contains(expected), "\(expected) in \(text)")
        }
    }

    @Test func noScriptNorEscapeSequenceReachesTheScreen() async throws {
        let text = try await details(0).joined(separator: "\n")
        #expect(!text.contains("alert("), "a script's code is not text")
        for forbidden in ["\u{1B}", "\u{07}", "[2J", "]0;", "[31m", "[5m", "\u{202E}", "\u{9B}"] {
            #expect(!text.contains(forbidden), "\(forbidden.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        #expect(MessyChart.words([text]).contains("Colour: red"), "the words around the escapes are kept")
    }

    @Test func aHugeNoteSaysWhereItWasCut() async throws {
        let text = MessyChart.words(try await details(1))
        #expect(text.contains("note cut at 64 KiB of 85 KiB"), "\(text.suffix(300))")
        #expect(!text.contains("THE END OF THE HUGE NOTE"))
    }

    /// `N` on the Encounters tab: every note of the chart newest first, with kind, date and author.
    @Test func theChartsNotesAreNewestFirstWithKindDateAndAuthor() async throws {
        let lines = try await MessyChart.shown(Self.patient, .encounters) { chart in
            chart[EncountersState.self]?.isNotesOpen = true
        }.text
        let headings = lines.filter { $0.contains(" · ") }
        #expect(headings.count == 5, "\(headings)")
        #expect(headings.contains { $0.hasPrefix("Consult note · Mon 09:30 · Lindqvist, Maren") }, "the Composition, by its author: \(headings)")
        #expect(headings.first?.hasPrefix("Discharge summary · Mon 09:45 · Lindqvist, Maren") == true, "\(headings)")
        #expect(headings.last?.hasPrefix("Progress note · 2024-01-15 10:20") == true, "\(headings)")
    }

    @Test func theSummaryCountsVaccinesAndListsRecentProceduresAndActiveCare() async throws {
        let text = MessyChart.words(try await MessyChart.shown(Self.patient, .summary).text)
        #expect(text.contains("Influenza, seasonal, injectable, preservative free ×2 last 2025-01-20"), "\(text)")
        #expect(text.contains("Pneumococcal conjugate PCV 13 2025-01-20"), "\(text)")
        #expect(text.contains("Procedures Medication reconciliation 2025-01-20 Depression screening 2024-01-15"), "\(text)")
        #expect(text.contains("Care plans Lifestyle education regarding hypertension: Prescribed activity/exercise education, Counseling about alcohol consumption"), "\(text)")
        #expect(!text.contains("Physical therapy"), "a completed plan is not in force")
        #expect(text.contains("Goals Maintain blood pressure below 140/90 mm[Hg]"), "\(text)")
    }
}
