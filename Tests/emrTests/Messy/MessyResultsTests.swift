import CoreDomain
import CoreUseCases
import Foundation
@testable import SharedPresentation
import Testing

/// The Results tab read right (issue 31): worded answers and test names never cut, vital signs
/// never among the results, columns told apart, the history at the worksheet's precision, a
/// critical value flagged by the ward's range when the lab sends none, the performer named.
@Suite(.serialized) struct MessyResultsTests {
    /// The chart body's width at 80x24 (beside the list), at 40x12 (alone) and at 80x24 alone.
    static let widths = [MessyChart.width, 38, 78]

    private func worksheet(_ patientID: String, width: Int = MessyChart.width) async throws -> (state: ResultsState, lines: [StyledLine]) {
        let chart = try await MessyChart.shown(patientID, .results).chart
        let state = try #require(chart[ResultsState.self])
        return (state, ResultsView.content(state, width: width, context: MessyChart.context).lines)
    }

    private func history(_ patientID: String, test name: String) async throws -> String {
        let state = try await worksheet(patientID).state
        let index = try #require(state.worksheet.value?.tests.firstIndex { $0.name == name }, "no row \(name)")
        return MessyChart.words(try await MessyChart.shown(patientID, .results) { chart in
            chart[ResultsState.self]?.selectedTest = index
            chart[ResultsState.self]?.isHistoryOpen = true
        }.text)
    }

    /// Every page of the worksheet (`→` to the oldest collection), as text.
    private func pages(_ patientID: String, width: Int) async throws -> [String] {
        var state = try await worksheet(patientID, width: width).state
        let worksheet = try #require(state.worksheet.value)
        var lines: [String] = []
        while true {
            lines += ResultsView.content(state, width: width, context: MessyChart.context).lines.map(\.plainText)
            let shown = ResultsLayout(worksheet, firstColumn: state.firstColumn, width: width, context: MessyChart.context).columns
            guard let last = shown.last?.index, last < worksheet.collections.count - 1 else { return lines }
            state.firstColumn = last + 1
        }
    }

    /// `SARS-CoV-2 RNA … Det… (qua… val…)` at any width: a worded answer is shown whole, the
    /// page showing fewer collections for it.
    @Test(arguments: widths) func wordedAnswersAreShownWhole(width: Int) async throws {
        let lines = try await pages("messy-words", width: width)
        let text = MessyChart.words(lines)
        #expect(lines.allSatisfy { DisplayWidth.cells($0) <= width }, "nothing past the edge at \(width): \(lines)")
        #expect(!lines.joined().contains("…"), "nothing cut at \(width): \(lines)")
        for answer in ["Detected", "Not detected"] { #expect(text.contains(answer), "\(answer) at \(width): \(lines)") }
        for word in ["Methicillin", "resistant", "Staphylococcus", "aureus"] { #expect(text.contains(word), "\(word) at \(width): \(lines)") }
    }

    /// `Nat… pep… B`, `C rea… pro…`, `Ery… dis… wid…`: common tests by the names wards use,
    /// the rest wrapped whole; at 40x12, where a 16-letter word is wider than any room beside a
    /// collection, hyphenated at the edge, never shortened.
    @Test(arguments: widths) func testNamesAreShortNamesOrWrappedWhole(width: Int) async throws {
        let (state, drawn) = try await worksheet("messy-names", width: width)
        let lines = drawn.map(\.plainText)
        #expect(!lines.joined().contains("…"), "no name cut at \(width): \(lines)")
        // At 40x12 `RDW 14.1 % 11.5-14` ran one cell past the edge: the range read 11.5-14.
        #expect(lines.allSatisfy { DisplayWidth.cells($0) <= width }, "nothing past the edge at \(width): \(lines)")
        let rdw = try #require(lines.firstIndex { $0.hasPrefix("RDW ") })
        #expect(MessyChart.words(Array(lines[rdw...])).replacingOccurrences(of: "- ", with: "-").contains("11.5-14.5"), "\(lines[rdw...])")
        for name in ["BNP", "CRP", "RDW", "eGFR", "HbA1c", "aPTT"] {
            #expect(lines.contains { $0.hasPrefix(name + " ") }, "\(name) at \(width): \(lines)")
        }
        let worksheet = try #require(state.worksheet.value)
        let layout = ResultsLayout(worksheet, firstColumn: 0, width: width, context: MessyChart.context)
        for test in worksheet.tests {
            let name = layout.nameLines(test)
            // Every letter there, in order: lines end at a space, after a hyphen or slash, or in a hyphen of the break's own.
            let joined = name.dropLast().map { $0.hasSuffix("-") || $0.hasSuffix("/") ? $0 : $0 + " " }.joined() + (name.last ?? "")
            #expect(joined.filter { $0 != "-" } == test.name.filter { $0 != "-" }, "\(name) at \(width)")
        }
        if width >= MessyChart.width {
            #expect(MessyChart.words(lines).contains("Carcinoembryonic Ag"), "whole words at 80x24 and wider: \(lines)")
        }
    }

    /// A vital-signs blood pressure panel named by a lab report and a lab panel showed as
    /// `Sys… Blo… Pre… 121.8` on Results while Vitals said `122/73`.
    @Test func vitalSignsNeverShowAmongResultsEvenInAPanel() async throws {
        let text = MessyChart.words(try await worksheet("messy-vitpanel").lines.map(\.plainText))
        #expect(text.contains("Sodium 140"), "\(text)")
        for vital in ["Systolic", "Diastolic", "Blood Pressure", "Heart rate", "121.8", "122", "73.2", "72"] {
            #expect(!text.contains(vital), "\(vital) in \(text)")
        }
        let vitals = MessyChart.words(try await MessyChart.shown("messy-vitpanel", .vitals).text)
        #expect(vitals.contains("122/73"), "\(vitals)")
    }

    /// Two yearly draws at 06:04 on 26 November both read `11-26 06:04`: a head carries what
    /// tells it apart.
    @Test(arguments: widths) func columnHeadsTellApartCollectionsAtTheSameClockTime(width: Int) async throws {
        let (state, lines) = try await worksheet("messy-yearly", width: width)
        let worksheet = try #require(state.worksheet.value)
        let layout = ResultsLayout(worksheet, firstColumn: 0, width: width, context: MessyChart.context)
        #expect(layout.columns.count == 2, "both fit at \(width)")
        let header = lines.prefix(layout.headerLines).dropFirst().map { Array($0.plainText) }
        var start = layout.nameWidth + 1
        var heads: [String] = []
        for column in layout.columns {
            heads.append(header.map { String($0.dropFirst(start).prefix(column.width)) }.joined(separator: " "))
            start += column.width + 1
        }
        #expect(Set(heads).count == heads.count, "each column's head differs at \(width): \(heads)")
    }

    /// `256.9268347654883` (B12) and `7.715828330521274 range 4.5-11` in the one-test history.
    @Test func theHistoryShowsValuesAtTheWorksheetsPrecision() async throws {
        let b12 = try await history("messy-yearly", test: "Vitamin B12")
        #expect(b12.contains("256.9") && !b12.contains("256.92"), "\(b12)")
        let wbc = try await history("messy-yearly", test: "WBC")
        #expect(wbc.contains("7.7") && !wbc.contains("7.71"), "\(wbc)")
    }

    /// `Potassium 6.9 mmol/L` and `Creatinine 4.87 mg/dL` came without a range and showed no flag.
    @Test func aCriticalValueWithoutASourceRangeIsFlaggedByTheWardsRange() async throws {
        let lines = try await worksheet("messy-norange").lines
        func row(_ name: String) throws -> StyledLine { try #require(lines.first { $0.plainText.hasPrefix(name + " ") }, "\(name) row") }
        let potassium = try row("Potassium")
        #expect(potassium.plainText.contains("6.9 HH"), "\(potassium.plainText)")
        #expect(potassium.spans.contains { $0.text.contains("6.9 HH") && $0.role == .critical }, "in the critical style")
        let creatinine = try row("Creatinine").plainText, sodium = try row("Sodium").plainText
        #expect(creatinine.contains("4.87 H "), "\(creatinine)")
        #expect(!sodium.contains("139 H") && !sodium.contains("139 L"), "\(sodium)")
        let text = lines.map(\.plainText)
        #expect(text.contains { $0.contains("ward") }, "the range is marked as the ward's: \(text)")
        let summary = MessyChart.words(try await MessyChart.shown("messy-norange", .summary).text)
        #expect(summary.contains("Potassium 6.9 HH mmol/L"), "on the Summary: \(summary)")
    }

    /// The performer showed as `Practitioner/n1` although that Practitioner was imported with a name.
    @Test func thePerformerIsNamedAsImported() async throws {
        let potassium = try await history("messy-norange", test: "Potassium")
        #expect(potassium.contains("Okafor"), "\(potassium)")
        #expect(!potassium.contains("Practitioner/"), "\(potassium)")
    }
}
