import CoreDomain
import CoreUseCases
import Foundation
import Testing
@testable import SharedPresentation

/// Paging never skips a line: on a tab taller than the screen, every line is on some page,
/// paging down from the top and back up, with a pinned header covering the rows that scroll
/// under it. A page moved the highlight by a page of *items* (tests, rounds), which take more
/// than a line each (panel headings, day lines, wrapped names): a chloride between two pages
/// of a carebundle worksheet was never on screen.
@Suite struct PagingTests {
    /// The lines on screen now, as the one scroll model says the pane draws them.
    static func shown(_ state: WorkstationState) throws -> Set<Int> {
        let chart = try #require(state.chart)
        let body = state.chartBody(for: chart)
        let content = ChartBodyView.content(chart, width: body.width, context: state.layoutContext)
        return Set(content.window(chart.position.offset, height: body.height).lines)
    }

    /// Pages one way until nothing moves; every line must have been shown on the way.
    static func expectEveryLineShown(_ state: inout WorkstationState, paging key: InputKey) throws {
        let chart = try #require(state.chart)
        let body = state.chartBody(for: chart)
        let count = ChartBodyView.content(chart, width: body.width, context: state.layoutContext).lines.count
        #expect(count > 2 * body.height, "a tab several pages tall")
        var seen = try shown(state)
        for _ in 0..<count {
            let before = state.chart
            #expect(state.press(key).isEmpty)
            seen.formUnion(try shown(state))
            if state.chart == before { break }
        }
        let missed = Set(0..<count).subtracting(seen).sorted()
        #expect(missed.isEmpty, "never on screen paging with \(key): lines \(missed)")
    }

    /// From the top down, then back up.
    static func bothWays(_ state: inout WorkstationState) throws {
        #expect(state.press(.character("g")).isEmpty)
        try expectEveryLineShown(&state, paging: .pageDown)
        try expectEveryLineShown(&state, paging: .pageUp)
    }

    @Test func resultsPanelsPageWithoutSkippingATest() throws {
        var state = ChartKeysTests.chartState()
        #expect(state.press(.character("5")) == [.chart(patientID: "p0", .load(.results))])
        let panels = (0..<6).map { panel in
            ResultPanel(title: "Panel \(panel)", conclusion: panel.isMultiple(of: 2) ? "Conclusion of panel \(panel)" : nil, tests: (0..<9).map { test in
                ResultTest(key: "t\(panel)-\(test)", name: "Test \(panel)-\(test)", fullName: "Test \(panel)-\(test)",
                           results: [ResultsFixtures.result("r\(panel)-\(test)", ResultsFixtures.day(0), ResultsFixtures.quantity("4.\(test)", "mmol/L"))])
            })
        }
        let worksheet = ResultsWorksheet(panels: panels, collections: [ResultsFixtures.day(0)])
        #expect(state.update(.chart(patientID: "p0", .loaded(ChartContent(ResultsState.self, worksheet)))).isEmpty)
        try Self.bothWays(&state)
    }

    @Test func vitalsRoundsOverManyDaysPageWithoutSkippingARound() throws {
        // A round every 4 hours for ten days: a day line above each day's rounds.
        let readings: [VitalReading] = (0..<60).map { round in
            Charted.reading(.heartRate, Decimal(70 + round % 30), id: "hr\(round)", minutesAgo: Double(round * 240 + 30))
        }
        var state = Charted.state(tab: ChartTab.vitals, readings: readings)
        try Self.bothWays(&state)
    }

    @Test func aLongMARPagesWithoutSkippingADose() throws {
        var state = ChartKeysTests.chartState()
        #expect(state.press(.character("4")) == [.chart(patientID: "p0", .load(.medications))])
        let calendar = DoseFormFeatureTests.calendar
        let requests = (0..<10).map { n in
            MedicationRequest(id: "m\(n)", patientID: "p0", medication: CodedConcept(text: "Medicine number \(n) with a long name"),
                              dose: Quantity(value: Decimal(n + 1), unit: "mg", ucumCode: "mg"), route: CodedConcept(text: "PO"),
                              timing: .init(code: "QID"), status: .active, authoredOn: Census.now.addingTimeInterval(-86_400))
        }
        var list = MedicationList(requests: requests)
        list.record = MedicationAdministrationRecord(
            requests: list.active, administrations: [], from: calendar.startOfDay(for: Census.now),
            to: calendar.startOfDay(for: Census.now).addingTimeInterval(86_399), ward: WardAdministrationTimes(), calendar: calendar)
        #expect(state.update(.chart(patientID: "p0", .loaded(ChartContent(MedicationsState.self, list)))).isEmpty)
        #expect(state.press(.character("m")).isEmpty, "the MAR")
        try Self.bothWays(&state)
    }

    /// A region too short for its header and a row under it pins nothing, so a page is all its
    /// rows, not none; with a row to spare the header pins over it.
    @Test func aRegionTooShortToPinPagesByAllItsRows() {
        let content = ScrollContent(lines: (0..<20).map { StyledLine("line \($0)") }, pinned: 0..<4,
                                    items: (4..<20).map { ScrollItem(lines: $0..<($0 + 1)) })
        #expect(content.moved(ScrollPosition(), .pageDown, height: 4) == ScrollPosition(offset: 4, selected: 0))
        #expect(content.window(4, height: 4).header.isEmpty)
        #expect(content.moved(ScrollPosition(offset: 4, selected: 0), .pageUp, height: 4) == ScrollPosition(offset: 0, selected: 0))
        #expect(content.moved(ScrollPosition(), .pageDown, height: 5) == ScrollPosition(offset: 5, selected: 1))
        #expect(content.window(5, height: 5) == ScrollWindow(header: 0..<4, body: 5..<6, lineCount: 20))
        #expect(content.moved(ScrollPosition(), .pageDown, height: 10) == ScrollPosition(offset: 10, selected: 6), "under the four pinned")
        #expect(content.window(10, height: 10).header == 0..<4)
    }

    @Test func theSummaryPagesWithoutSkippingALine() throws {
        var state = Scrolling.longSummaryState()
        try Self.bothWays(&state)
    }
}
