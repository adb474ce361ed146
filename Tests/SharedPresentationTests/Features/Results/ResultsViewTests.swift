import CoreDomain
import CoreUseCases
import Foundation
@testable import SharedPresentation
import Testing

/// The worksheet as a physician reads it at the design size and narrower: every shown value
/// whole with its letter, units and ranges on every row, columns named by date and time.
@Suite struct ResultsViewTests {
    typealias F = ResultsFixtures

    private func lines(_ state: ResultsState = F.state(), width: Int = F.designWidth) -> [String] {
        F.text(ResultsView.content(state, width: width, context: F.context))
    }

    @Test func atTheDesignSizeRowsCarryValuesFlagsUnitsAndRanges() throws {
        let shown = lines()
        #expect(shown.allSatisfy { DisplayWidth.cells($0) <= F.designWidth }, "\(shown)")
        let potassium = try #require(shown.first { $0.hasPrefix("Potassium") })
        #expect(potassium.contains("6.8 HH"), "critical is the lab's letters, never colour alone")
        #expect(potassium.contains("5.9 H"), "float noise rounded to the range's precision, not cut")
        #expect(potassium.contains("4.1*"), "a preliminary value is marked")
        #expect(potassium.contains("mmol/L") && potassium.contains("3.5-5.1"))
        #expect(shown.contains { $0.hasPrefix("Sodium") && $0.contains("128 L") })
        #expect(shown[0].hasPrefix("1-3 of 6 collections"), "\(shown[0])")
        #expect(shown[0].contains("→ older"))
        #expect(shown.contains("Basic metabolic panel") && shown.contains("  Hyperkalaemia"))
        #expect(shown.last?.hasPrefix("* not final") == true)
    }

    @Test func theHeaderIsPinnedAndNamesEachColumnsDateAndTime() {
        let content = ResultsView.content(F.state(), width: F.designWidth, context: F.context)
        #expect(content.pinned == 0..<3)
        let stamps = (0...2).map { DateTimeText.full(F.day($0), calendar: Calendar(identifier: .gregorian), timeZone: Charted.utc) }
        let shown = F.text(content)
        for stamp in stamps {
            #expect(shown[1].contains(String(stamp.dropFirst(5).prefix(5))) && shown[2].contains(String(stamp.suffix(5))), "\(shown[1]) / \(shown[2])")
        }
    }

    @Test func olderColumnsShowAfterPagingAndEnteredInErrorIsNeverAValue() throws {
        var state = F.state()
        state.firstColumn = 3
        let potassium = try #require(lines(state).first { $0.hasPrefix("Potassium") })
        #expect(potassium.contains("(error)") && !potassium.contains("9.9"))
        #expect(potassium.contains("3.2 L"))
        #expect(lines(state)[0].contains("← newer"))
    }

    @Test func theNarrowestPaneStillShowsAColumnWithUnitAndRange() throws {
        let shown = lines(width: F.narrowWidth)
        let potassium = try #require(shown.first { $0.hasPrefix("Pota") })
        #expect(potassium.contains("6.8 HH") && potassium.contains("mmol/L") && potassium.contains("3.5-5.1"), "\(potassium)")
    }

    /// A name too long for its column, even shortened (one hyphenated word, as LOINC's
    /// "Gamma-glutamyl transferase"), goes on under itself: it never pushes a value out of its
    /// collection's column or a range past the edge.
    @Test func aNameTooLongForItsColumnWrapsAndNeverMovesAValue() throws {
        let ggt = ResultTest(key: "2324-2", name: "Gamma-glutamyl transferase", fullName: "Gamma-glutamyl transferase", results: [
            F.result("g0", F.day(0), F.quantity("61", "U/L"), .high, range: ReferenceRange(low: Quantity(value: 9), high: Quantity(value: 48))),
            F.result("g1", F.day(1), F.quantity("40", "U/L"), range: ReferenceRange(low: Quantity(value: 9), high: Quantity(value: 48))),
        ])
        let worksheet = ResultsWorksheet(panels: F.worksheet.panels + [ResultPanel(title: "Liver", tests: [ggt])], collections: F.worksheet.collections)
        for width in [F.designWidth, F.narrowWidth] {
            for first in [0, 1] {
                var state = F.state(worksheet)
                state.firstColumn = first
                let shown = lines(state, width: width)
                #expect(shown.allSatisfy { DisplayWidth.cells($0) <= width }, "\(shown)")
                let row = try #require(shown.firstIndex { $0.contains(first == 0 ? "61 H" : "40") })
                #expect(shown[row].hasSuffix("9-48"), "the range whole: \(shown[row])")
                #expect(shown[row].hasPrefix("Gamma-") && ["glutamyl", "tra"].contains { shown[row + 1].hasPrefix($0) }, "the name goes on under itself: \(shown[row...])")
                let dateColumn = try #require(shown[1].range(of: F.context.date(F.day(first)).dropFirst(5).prefix(5)))
                let valueColumn = try #require(shown[row].range(of: first == 0 ? "61 H" : "40"))
                #expect(shown[1].distance(from: shown[1].startIndex, to: dateColumn.lowerBound)
                    == shown[row].distance(from: shown[row].startIndex, to: valueColumn.lowerBound), "value under its date: \(shown[1]) / \(shown[row])")
            }
        }
    }

    /// A name that goes on under itself anyway is not also shortened: carebundle's
    /// "Hemoglobin A1c/Hemoglobin.total" read `Hem…` over `A1c/Hemoglobin.total`.
    @Test func aNameThatWrapsKeepsItsWordsWhole() throws {
        let a1c = ResultTest(key: "4548-4", name: "Hemoglobin A1c/Hemoglobin.total", fullName: "Hemoglobin A1c/Hemoglobin.total in Blood", results: [
            F.result("a0", F.day(0), F.quantity("5.9", "%")),
        ])
        let worksheet = ResultsWorksheet(panels: F.worksheet.panels + [ResultPanel(title: "HbA1c", tests: [a1c])], collections: F.worksheet.collections)
        let shown = lines(F.state(worksheet))
        let row = try #require(shown.firstIndex { $0.contains("5.9") && $0.contains("%") })
        let name = shown[row...].prefix { !$0.isEmpty && ($0 == shown[row] || !$0.contains(" ")) }
        #expect(shown[row].hasPrefix("Hemoglobin "), "\(name)")
        #expect(name.dropFirst().joined() == "A1c/Hemoglobin.total", "broken after `/`, never mid-word when avoidable: \(name)")
        #expect(!name.contains { $0.contains("…") })
    }

    /// Width the collections leave over goes to the names, past the width they give way to:
    /// at 120 columns with one collection, `Alanine aminotransferase` is whole, not shortened.
    @Test func widthTheCollectionsLeaveOverShowsNamesWhole() throws {
        let alt = ResultTest(key: "1742-6", name: "Alanine aminotransferase", fullName: "Alanine aminotransferase [Enzymatic activity/volume]", results: [
            F.result("t0", F.day(0), F.quantity("22", "U/L")),
        ])
        let worksheet = ResultsWorksheet(panels: [ResultPanel(title: "Liver", tests: [alt])], collections: [F.day(0)])
        let shown = lines(F.state(worksheet), width: 78)
        #expect(shown.contains { $0.hasPrefix("Alanine aminotransferase 22") }, "\(shown)")
    }

    @Test func theChosenTestIsHighlightedAndEachTestIsAnItem() throws {
        var state = F.state()
        state.selectedTest = 2
        let content = ResultsView.content(state, width: F.designWidth, context: F.context)
        #expect(content.items.count == F.state().worksheet.value?.tests.count)
        let focus = content.items[2].first
        #expect(F.text(content)[focus].hasPrefix("Hemoglobin"))
        #expect(content.lines[focus].spans.allSatisfy { $0.role == .selected })
    }

    @Test func theHistoryListsEveryResultWithStatusNotesAndTrend() {
        var state = F.state()
        state.isHistoryOpen = true
        let shown = lines(state)
        #expect(shown[0] == "History (Esc back)")
        #expect(shown[1].hasPrefix("Potassium [Moles/volume] in Serum or Plasma"))
        #expect(shown.contains { $0.contains("unit mmol/L") && $0.contains("range 3.5-5.1") })
        #expect(shown.contains { $0.hasPrefix("trend ") }, "numeric results draw the trend")
        #expect(shown.contains { $0.contains("6.8 HH") && $0.contains("Lab A") })
        #expect(shown.contains { $0.contains("note: repeat sample, not haemolysed") })
        #expect(shown.contains { $0.contains("4.1") && $0.contains("preliminary") })
        #expect(shown.contains { $0.contains("entered in error (was 9.9)") })
        #expect(!shown.contains { $0.contains("normal") }, "nothing is called normal")
    }

    @Test func theSummaryNamesACriticalResultWithValueFlagUnitAndTime() throws {
        var potassium = try #require(F.worksheet.tests.first)
        potassium.results = [potassium.results[0], potassium.results[0]]
        let item = SummaryView.criticalItem(potassium, context: F.context).map(\.text).joined()
        #expect(item.hasPrefix("Potassium 6.8 HH mmol/L "), "\(item)")
        #expect(item.hasSuffix("(+1 more critical)"))
    }

    @Test func anEmptyRecordSaysSo() {
        #expect(lines(F.state(ResultsWorksheet(panels: [], collections: []))) == ["No laboratory results recorded."])
    }

    /// The worksheet (and the history, `MessyResultsTests`) reads a value to its range's digits,
    /// or the test's own without one.
    @Test func cellsAreReadToTheirPrecision() {
        let creatinine = F.result("c", F.day(0), F.quantity("1.23456", "mg/dL"))
        #expect(LabValueText.value(creatinine, test: "2160-0") == "1.23", "creatinine without a range: two decimals")
        #expect(LabValueText.value(creatinine, test: "9999-9") == "1.2", "an unlisted test: one")
        let sodium = F.result("n", F.day(0), F.quantity("138.6", "mmol/L"), range: ReferenceRange(low: Quantity(value: 136), high: Quantity(value: 145)))
        #expect(LabValueText.value(sodium, test: "2951-2") == "139", "sodium is read in whole numbers")
        let haemoglobin = F.result("h", F.day(0), F.quantity("9.24", "g/dL"), range: ReferenceRange(low: Quantity(value: 12), high: Quantity(value: 16)))
        #expect(LabValueText.value(haemoglobin, test: "718-7") == "9.2", "a whole-number range never takes the tenth off")
    }

    /// Tests labs report past one decimal keep those digits without a range: carebundle's red
    /// cell count `4.24` read `4.2`; a urine specific gravity of `1.015` would read `1.0`.
    @Test(arguments: [("789-8", "4.24", "4.24"), ("5811-5", "1.015", "1.015"), ("2965-2", "1.0250000001", "1.025"),
                      ("3016-3", "0.005", "0.005"), ("1994-3", "1.151", "1.15")])
    func testsReadPastOneDecimalKeepTheirDigits(_ code: String, _ sent: String, _ shown: String) {
        let result = F.result("x", F.day(0), F.quantity(sent, "1"))
        #expect(LabValueText.value(result, test: code) == shown)
    }

    @Test func rangesAreBoundsOrTheLabsWords() {
        #expect(LabValueText.range(ReferenceRange(high: Quantity(value: 8)), unicode: false) == "<=8")
        #expect(LabValueText.range(ReferenceRange(low: Quantity(value: 60)), unicode: true) == "≥60")
        #expect(LabValueText.range(ReferenceRange(text: "Negative"), unicode: true) == "Negative")
        #expect(LabValueText.range(nil, unicode: true) == nil)
    }
}
