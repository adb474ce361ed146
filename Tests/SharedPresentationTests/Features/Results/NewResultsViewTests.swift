import CoreDomain
import CoreUseCases
import Foundation
@testable import SharedPresentation
import Testing

/// New results as the reader sees them: `new` beside a test in the worksheet and on the result
/// in its history, `R` on the patient's list row until they open Results, at the design size.
@Suite struct NewResultsViewTests {
    typealias F = ResultsFixtures

    /// The fixture worksheet with the newest potassium arrived since the reader last looked.
    static var worksheetWithNew: ResultsWorksheet {
        var worksheet = F.worksheet
        worksheet.panels[0].tests[0].results[0].isNew = true
        return worksheet
    }

    private func lines(_ state: ResultsState, width: Int = F.designWidth) -> [String] {
        F.text(ResultsView.content(state, width: width, context: F.context))
    }

    @Test func aTestWithANewResultSaysNewAndNoValueIsCut() throws {
        let shown = lines(F.state(Self.worksheetWithNew))
        #expect(shown.allSatisfy { DisplayWidth.cells($0) <= F.designWidth }, "\(shown)")
        let potassium = try #require(shown.first { $0.hasPrefix("Potassium") })
        let sodium = try #require(shown.first { $0.hasPrefix("Sodium") })
        #expect(potassium.contains(" new ") && potassium.contains("6.8 H!") && potassium.contains("3.5-5.1"), "\(potassium)")
        #expect(!sodium.contains("new") && sodium.contains("128 L"), "\(sodium)")
        #expect(shown[0].contains("of 6 collections"), "fewer columns, still paged: \(shown[0])")
    }

    @Test func withNothingNewThereIsNoNewColumn() {
        #expect(!lines(F.state()).contains { $0.contains("new") })
    }

    @Test func theHistoryMarksTheNewResult() {
        var state = F.state(Self.worksheetWithNew)
        state.isHistoryOpen = true
        let shown = lines(state)
        #expect(shown.filter { $0.hasSuffix("new") }.count == 1, "\(shown)")
        #expect(shown.first { $0.hasSuffix("new") }?.contains("6.8") == true)
    }

    /// The 80x24 list is 23 cells: a row with the marker keeps every other mark in its column
    /// and the name as it was, beside either the allergy or the abnormal-vital mark.
    @Test(arguments: [true, false], [(true, false), (false, true), (false, false)])
    func theListRowCarriesTheMarkerWithTheOtherMarksAndTheNameAsItWas(unicode: Bool, marks: (allergy: Bool, vital: Bool)) {
        let context = ViewContext(now: Census.now, timeZone: Charted.utc, unicode: unicode) { _ in "" }
        var entry = LookAlikeRowTests.entry("a", "Gonzalez", "Rebecca", bed: "01")
        entry.hasSevereAllergy = marks.allergy
        entry.hasAbnormalVital = marks.vital
        let without = PatientListView.row(entry, width: 23, context: context).plainText
        entry.hasNewResults = true
        let row = PatientListView.row(entry, width: 23, context: context).plainText
        let slots = (marks.allergy ? "A" : "") + "R" + (marks.vital ? "!" : "")
        #expect(DisplayWidth.cells(row) == 23 && row.hasSuffix((unicode ? "≈" : "~") + (slots.count == 1 ? " " : "") + slots), "\(row)")
        #expect(row.dropLast(2) == without.dropLast(2), "name, bed, sex and look-alike mark as they were: \(without) / \(row)")
    }

    /// Only with every mark at once does the name give a cell, by words as always.
    @Test func withEveryMarkTheNameGivesOneCell() {
        var entry = LookAlikeRowTests.entry("c", "Garcia", "Luis", bed: "03")
        entry.hasSevereAllergy = true
        entry.hasAbnormalVital = true
        entry.hasNewResults = true
        let row = PatientListView.row(entry, width: 23, context: LookAlikeRowTests.context).plainText
        #expect(row.hasPrefix("Garcia, Lu…") && row.hasSuffix("≈A!R") && DisplayWidth.cells(row) == 23, "\(row)")
    }

    @Test func theMarkerIsNeutralNotAnAlarm() throws {
        var entry = LookAlikeRowTests.entry("a", "Gonzalez", "Rebecca", bed: "01", alike: false)
        entry.hasNewResults = true
        let span = try #require(PatientListView.row(entry, width: 23, context: LookAlikeRowTests.context).spans.last)
        #expect(span.text == "R" && span.role == .normal)
    }

    @Test func theHelpLegendNamesTheMarkerAndTheMark() {
        let help = ChromeView.help(Census.state(), width: 78).map(\.plainText).joined(separator: " ")
            .split(separator: " ").joined(separator: " ")
        #expect(help.contains("R new results"), "\(help)")
        #expect(help.contains("new: a result since you last opened Results"))
    }

    /// Opening the Results tab is what clears the list's marker, at once.
    @Test func openingResultsClearsTheListMarker() {
        var state = Census.state()
        state.patients.window[0].hasNewResults = true
        state.patients.window[1].hasNewResults = true
        #expect(state.press(.enter).isEmpty)
        #expect(state.update(.chartLoaded(patientID: "p0", .summary(Census.summary(for: Census.entry(0))))).isEmpty)
        var store = TestStore(state)
        store.press(.character("5"), effects: [.loadChart(patientID: "p0", .results)]) {
            $0.chart?.tab = .results
            $0.chart?.results = ResultsState()
            $0.chart?.scroll[.results] = 0
            $0.patients.window[0].hasNewResults = false
        }
        store.press(.escape) { $0.focus = .list }
        #expect(store.state.patients.window[1].hasNewResults, "another patient keeps theirs")
    }

    /// A refresh (after a sync) is not the user opening the tab: the marker stays.
    @Test func aRefreshOfTheResultsTabKeepsTheMarker() {
        var state = Census.state()
        state.patients.window[0].hasNewResults = true
        state.patients.resultsOpened(by: [.loadChart(patientID: "p0", .results, isRefresh: true), .loadChart(patientID: "p0", .summary)])
        #expect(state.patients.window[0].hasNewResults)
    }
}
