import CoreDomain
import CoreUseCases
import Foundation
import Testing
@testable import SharedPresentation

@Suite struct ChartingViewsTests {
    static let context = ViewContext(now: Census.now, timeZone: Charted.utc, unicode: true) { values in String(repeating: "-", count: values.count) }

    private static func text(_ lines: [StyledLine]) -> String { lines.map(\.plainText).joined(separator: "\n") }

    /// The words in reading order, however they were wrapped and padded.
    private static func words(_ lines: [StyledLine]) -> String {
        lines.map(\.plainText).joined(separator: " ").split(separator: " ").joined(separator: " ")
    }

    @Test func rowsSayPendingFailedOrInErrorAndAFailureGivesTheServersReason() {
        let readings = [
            Charted.reading(.heartRate, 96, id: "new", minutesAgo: 5, delivery: .pending),
            Charted.reading(.heartRate, 180, id: "wrong", minutesAgo: 40, inError: true),
            Charted.reading(.weight, 70, id: "refused", minutesAgo: 120, delivery: .failed("HTTP 422: unknown code")),
        ]
        let lines = VitalsView.lines(VitalsHistory(series: VitalSeries.series(from: readings)), selected: 0, width: 60, context: Self.context)
        let rows = lines.map(\.plainText)
        #expect(rows.contains { $0.contains("96") && $0.contains("pending") })
        #expect(rows.contains { $0.contains("180") && $0.contains("in error") })
        #expect(rows.contains { $0.contains("70") && $0.contains("FAILED") })
        #expect(rows.contains { $0.contains("failed: HTTP 422: unknown code") })
    }

    @Test func trendsLeaveOutValuesEnteredInError() {
        let readings = [
            Charted.reading(.heartRate, 180, id: "wrong", minutesAgo: 5, flag: .criticalHigh, inError: true),
            Charted.reading(.heartRate, 80, id: "right", minutesAgo: 30),
        ]
        let trend = VitalsView.lines(VitalsHistory(series: VitalSeries.series(from: readings)), selected: 0, width: 60, context: Self.context)[0].plainText
        #expect(trend.hasPrefix("HR") && trend.contains("80") && !trend.contains("180"))
    }

    @Test func theSelectedRoundIsHighlighted() {
        let lines = VitalsView.lines(VitalsHistory(series: VitalSeries.series(from: Charted.readings)), selected: 1, width: 60, context: Self.context)
        let selected = lines.filter { $0.spans.contains { $0.role == .selected } }.map(\.plainText)
        #expect(selected.count == 1 && selected[0].contains("90"))
    }

    @Test func theSummaryMarksPendingAndFailedLatestValues() {
        var summary = Census.summary(for: Census.entry(0))
        summary.latestVitals = [
            Charted.reading(.heartRate, 96, id: "a", minutesAgo: 5, delivery: .pending),
            Charted.reading(.weight, 70, id: "b", minutesAgo: 5, delivery: .failed("HTTP 422: unknown code")),
        ]
        let text = Self.text(SummaryView.lines(summary, width: 60, context: Self.context))
        #expect(text.contains("HR 96 /min (pending)"))
        #expect(text.contains("Wt 70 kg (FAILED)"))
        #expect(text.contains("failed: HTTP 422: unknown code"))
    }

    @Test func theFormShowsUnitsPreviousValuesAndRefusalsWhole() throws {
        var state = Charted.state()
        _ = state.press(.character("a"))
        _ = state.type("abc")
        _ = state.press(.enter)
        let form = try #require(state.form)
        let layout = VitalsFormView.form(form, width: 77, context: Self.context)
        let text = Self.text(layout.lines)
        #expect(Self.words(layout.lines).contains("[abc ] /min heart rate must be a whole number, 20-300 /min"))
        #expect(text.contains("[now 14:13"))
        #expect(text.contains("last 38.4 H °C at 13:42"))
        for unit in ["/min", "mmHg", "°C", "%", "kg"] { #expect(text.contains(" \(unit) "), "unit \(unit)") }
        #expect(!text.contains("L/min"), "on room air the flow is not asked")
        #expect(layout.cursorLine == 1)
        #expect(layout.lines.allSatisfy { DisplayWidth.cells($0.plainText) <= 77 })
    }

    /// The narrowest pane (a 40-column terminal): every unit whole beside its box, even with
    /// each field as full as it takes, and the time's full date and time.
    @Test func onTheNarrowestPaneTheBoxesNarrowAndNoUnitIsCut() throws {
        var state = Charted.state()
        _ = state.press(.character("a"), .backTab)
        _ = state.type("2026-06-27 14:05")
        #expect(state.press(.tab).isEmpty)
        while state.form?.focus != .time {
            switch state.form?.focus {
            case .oxygen?: #expect(state.press(.character("o")).isEmpty)
            case .oxygenDevice?: #expect(state.press(.character("r")).isEmpty)
            default: #expect(state.type(String(repeating: "9", count: 30)).isEmpty)
            }
            #expect(state.press(.tab).isEmpty)
        }
        let width = ScreenLayout.minimumColumns - 3
        let lines = VitalsFormView.form(try #require(state.form), width: width, context: Self.context).lines
        // Padding past the edge is blank; what is written fits.
        #expect(lines.allSatisfy { DisplayWidth.cells(String($0.plainText.reversed().drop { $0 == " " }.reversed())) <= width })
        let text = Self.text(lines)
        #expect(text.contains("[2026-06-27 14:05]"))
        for unit in ["/min", "mmHg", "°C", "%", "L/min", "kg"] { #expect(text.contains("] \(unit)"), "unit \(unit)") }
        #expect(text.contains("[non-rebreather"), "the device's name whole")
    }

    @Test func withoutUnicodeTheFormsMessagesAndUnitsDropTheDegreeSign() throws {
        var state = Charted.state()
        _ = state.press(.character("a"), .tab, .tab, .tab)
        _ = state.type("120")
        _ = state.press(.enter)
        let context = ViewContext(now: Census.now, timeZone: Charted.utc, unicode: false) { _ in "" }
        let lines = VitalsFormView.form(try #require(state.form), width: 77, context: context).lines
        let text = Self.text(lines)
        #expect(Self.words(lines).contains("temperature must be 25-45 C (77-113 F)"))
        #expect(!text.contains("°"))
    }

    @Test func theConfirmStepListsEveryValueAndTheAbnormalOnes() {
        let entry = VitalsEntry(patientID: "p0", effective: Census.now.addingTimeInterval(-600), heartRate: 112, systolic: 148, diastolic: 92,
                                temperature: Decimal(string: "38.4"), oxygenSaturation: 89, oxygen: .supplemental(litresPerMinute: 2), weight: 71)
        let review = VitalsReview(entry: entry, typedFahrenheit: Decimal(string: "101.2"))
        let text = Self.words(VitalsFormView.confirm(review, width: 77, context: Self.context).lines)
        for piece in ["2026-09-21 14:03 (10 min ago)", "HR 112 H /min", "BP 148/92 H mmHg", "T 38.4 H °C (typed 101.2 °F)", "SpO2 89 L! % on O2 2 L/min",
                      "71 kg", "Outside the normal range:", "SpO2 89 L!", "Enter save"] {
            #expect(text.contains(piece), "missing \(piece)")
        }
    }

    @Test func theHelpScreenNamesTheChartingKeysAndTheDemoRule() {
        let text = Self.text(ChromeView.help(Census.state(), width: 76))
        #expect(text.contains("add vitals"))
        #expect(text.contains("mark the chosen round entered in error"))
        #expect(text.contains("Demo: vitals you chart are kept in the demo cache and stay pending"))
    }
}
