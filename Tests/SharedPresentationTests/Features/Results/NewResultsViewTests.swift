import CoreDomain
import CoreUseCases
import Foundation
@testable import SharedPresentation
import Testing

/// New results as the reader sees them: `new` under the collection in the worksheet and on the
/// result in its history, `R` on the patient's list row until they open Results, at the design size.
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

    /// `new` under the collection holding the new result, on a fourth pinned header line: the
    /// rows, names and columns stay as they are without it.
    @Test func theCollectionWithANewResultSaysNewUnderItsTimeAndTheRowsAreUnchanged() throws {
        let content = ResultsView.content(F.state(Self.worksheetWithNew), width: F.designWidth, context: F.context)
        let shown = F.text(content)
        #expect(shown.allSatisfy { DisplayWidth.cells($0) <= F.designWidth }, "\(shown)")
        #expect(content.pinned == 0..<4)
        let times = shown[2], marks = shown[3]
        let firstTime = try #require(times.range(of: DateTimeText.full(F.day(0), calendar: Calendar(identifier: .gregorian), timeZone: Charted.utc).suffix(5)))
        let mark = try #require(marks.range(of: "new"))
        #expect(marks.distance(from: marks.startIndex, to: mark.lowerBound) == times.distance(from: times.startIndex, to: firstTime.lowerBound),
                "under the newest collection's time: \(times) / \(marks)")
        #expect(marks.components(separatedBy: "new").count == 2, "the older collections hold nothing new")
        #expect(Array(shown.dropFirst(4)) == Array(lines(F.state()).dropFirst(3)), "every row as it was")
    }

    @Test func withNothingNewThereIsNoNewLine() {
        let content = ResultsView.content(F.state(), width: F.designWidth, context: F.context)
        #expect(content.pinned == 0..<3)
        #expect(!F.text(content).contains { $0.contains("new ") || $0.hasSuffix("new") })
    }

    /// Paging moves by the rows below the header. Six rows under a four-line header would leave
    /// two, fewer than the header takes: the date and time alone pin (the title and `new` scroll
    /// with the rows), leaving four. The first screen ends on the panel's heading, so the next
    /// shows the rows from there under the date and time.
    @Test func aPageIsTheRowsBelowTheHeader() {
        let content = ResultsView.content(F.state(Self.worksheetWithNew), width: F.designWidth, context: F.context)
        var position = content.moved(ScrollPosition(), .pageDown, height: 6)
        #expect(position == ScrollPosition(offset: 6, selected: 0))
        #expect(content.window(position.offset, height: 6) == ScrollWindow(header: 1..<3, body: 6..<10, lineCount: content.lines.count))
        position = content.moved(position, .pageDown, height: 6)
        #expect(position == ScrollPosition(offset: 10, selected: 3))
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
        #expect(row.dropLast(2) == without.dropLast(2), "name, bed and look-alike mark as they were: \(without) / \(row)")
    }

    /// Only with every mark at once does the name give a cell, by words as always.
    @Test func withEveryMarkTheNameGivesOneCell() {
        var entry = LookAlikeRowTests.entry("c", "Garcia", "Luis", bed: "03")
        entry.hasSevereAllergy = true
        entry.hasAbnormalVital = true
        entry.hasNewResults = true
        let row = PatientListView.row(entry, width: 23, context: LookAlikeRowTests.context).plainText
        #expect(row.hasPrefix("Garcia, L") && row.hasSuffix("≈A!R") && DisplayWidth.cells(row) == 23, "\(row)")
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
        #expect(state.update(.chart(patientID: "p0", .loaded(ChartContent(SummaryState.self, Census.summary(for: Census.entry(0)))))).isEmpty)
        var store = TestStore(state)
        store.press(.character("5"), effects: [.chart(patientID: "p0", .load(.results))]) {
            $0.chart?.tab = .results
            $0.chart?[ResultsState.self] = ResultsState()
            $0.chart?.scroll[.results] = 0
            $0.patients.window[0].hasNewResults = false
            $0.patients.resultsSeen["p0"] = Census.now
        }
        store.press(.escape) { $0.focus = .list }
        #expect(store.state.patients.window[1].hasNewResults, "another patient keeps theirs")
    }

    /// A refresh (after a sync) is not the user opening the tab: the marker stays.
    @Test func aRefreshOfTheResultsTabKeepsTheMarker() {
        var state = Census.state()
        state.patients.window[0].hasNewResults = true
        state.patients.resultsOpened(by: [.chart(patientID: "p0", .load(.results, isRefresh: true)), .chart(patientID: "p0", .load(.summary))], at: Census.now)
        #expect(state.patients.window[0].hasNewResults)
    }
}
