import CoreDomain
import SharedPresentation
import Testing
@testable import TerminalUI

@Suite struct ChartingSnapshotTests {
    static let cases: [(name: String, state: @Sendable () -> WorkstationState, glyphs: Glyphs)] = [
        ("vitals-form-80x24", { ChartingScreens.form(columns: 80, rows: 24, refused: true) }, .unicode),
        ("vitals-form-120x40", { ChartingScreens.form(columns: 120, rows: 40, refused: true) }, .unicode),
        ("vitals-form-flow-refused-80x24", { ChartingScreens.flowRefused(columns: 80, rows: 24) }, .unicode),
        ("vitals-confirm-80x24", { ChartingScreens.confirm(columns: 80, rows: 24) }, .unicode),
        ("vitals-confirm-120x40", { ChartingScreens.confirm(columns: 120, rows: 40) }, .unicode),
        ("vitals-confirm-80x24-ascii", { ChartingScreens.confirm(columns: 80, rows: 24) }, .ascii),
        ("vitals-delivery-80x24", { ChartingScreens.deliveries(columns: 80, rows: 24) }, .unicode),
        ("correction-80x24", { ChartingScreens.correction(columns: 80, rows: 24) }, .unicode),
    ]

    @Test(arguments: cases.map(\.name))
    func screenMatchesItsReviewedSnapshot(_ name: String) throws {
        let spec = try #require(Self.cases.first { $0.name == name })
        try Snapshot.expectMatches(SampleChart.render(spec.state(), glyphs: spec.glyphs), name: name)
    }
}

@Suite struct ChartingRendererTests {
    /// The screen's words in reading order, however lines wrapped them.
    static func words(_ screen: [String]) -> String {
        screen.joined(separator: " ").split(whereSeparator: { " │|".contains($0) }).joined(separator: " ")
    }

    @Test(arguments: [(80, 24), (120, 40)])
    func theFormShowsEveryFieldWithItsUnitAndTheWholeRefusal(_ columns: Int, _ rows: Int) {
        let screen = SampleChart.render(ChartingScreens.form(columns: columns, rows: rows, refused: true))
        #expect(screen.count == rows && screen.allSatisfy { $0.count == columns })
        let words = Self.words(screen)
        #expect(words.contains("BROWN, Robin F 72y DOB 1954-04-12 MRN POP-000010"))
        #expect(words.contains("[2O ] /min respiratory rate must be a whole number, 3-80 /min"))
        for piece in ["[112 ] /min last 112 H /min at 12:00", "[148 ] mmHg last 148/92 H mmHg", "[101.2F ] °C last 38.4 H °C",
                      "[O2 ]", "[high-flow ]", "[40 ] L/min", "[60 ] %", "[71.2 ] kg", "[3 ]"] {
            #expect(words.contains(piece), "missing \(piece)")
        }
        #expect(screen[rows - 1].contains("1 value refused"))
    }

    /// A flow beyond the device's range: the refusal beside the flow at 80x24, the cursor there;
    /// at 40x12 the message below the field, scrolled into view with it, its numbers whole.
    @Test func aFlowBeyondTheDevicesRangeIsRefusedWithThatRange() {
        let state = ChartingScreens.flowRefused(columns: 80, rows: 24)
        var buffer = ScreenBuffer(width: 80, height: 24)
        let cursor = WorkstationRenderer.render(state, into: &buffer, timeZone: SampleChart.utc)
        let screen = buffer.textSnapshot()
        let row = screen[cursor?.row ?? 0]
        #expect(row.contains("> O2 flow") && row.contains("[8 ") && row.contains("O2 flow by nasal cannula must be"), "\(row)")
        #expect(Self.words(screen).contains("[nasal cannula ] > O2 flow [8 ] L/min O2 flow by nasal cannula must be 0.5-6 L/min"))
        let narrow = Self.words(SampleChart.render(ChartingScreens.flowRefused(columns: 40, rows: 12)))
        #expect(narrow.contains("O2 flow by nasal cannula must be 0.5-6 L/min"), "\(narrow)")
    }

    @Test func theCursorSitsAtTheEndOfTheFocusedField() {
        let state = ChartingScreens.form(columns: 80, rows: 24, refused: true)
        var buffer = ScreenBuffer(width: 80, height: 24)
        let cursor = WorkstationRenderer.render(state, into: &buffer, timeZone: SampleChart.utc)
        let row = buffer.textSnapshot()[cursor?.row ?? 0]
        #expect(row.contains("> Resp. rate"))
        #expect(Array(row)[(cursor?.col ?? 1) - 1] == "O", "right after the typed 2O")
    }

    @Test(arguments: [(80, 24), (120, 40)])
    func theConfirmStepShowsTheBannerAndEveryValueWithMarkerAndUnit(_ columns: Int, _ rows: Int) {
        let words = Self.words(SampleChart.render(ChartingScreens.confirm(columns: columns, rows: rows)))
        for piece in ["BROWN, Robin", "DOB 1954-04-12", "MRN POP-000010", "4W · 12", "ALLERGY: Penicillin",
                      "HR 112 H /min", "BP 148/92 H mmHg", "T 38.4 H °C (typed 101.2 °F)", "RR 24 H /min", "SpO2 89 L! % on O2 high-flow 40 L/min FiO2 60 %",
                      "Wt 71.2 kg", "Outside the normal range:", "Enter save"] {
            #expect(words.contains(piece), "missing \(piece) at \(columns)x\(rows)")
        }
    }

    /// On the smallest screen the confirm step cannot show everything at once: it opens on the
    /// time and the values (what the nurse must check), and the arrows reach the rest.
    @Test func onAShortScreenTheConfirmStepOpensOnTheValuesAndScrollsToTheEnd() {
        var state = ChartingScreens.confirm(columns: 40, rows: 12)
        let top = Self.words(SampleChart.render(state))
        for piece in ["MRN", "POP-000010", "ALLERGY: Penicillin", "Right patient?", "Time 2026-06-27 14:05"] {
            #expect(top.contains(piece), "missing \(piece) at the top")
        }
        #expect(!top.contains("Enter save ·"))
        ChartingScreens.press(&state, [.end])
        let bottom = Self.words(SampleChart.render(state))
        #expect(bottom.contains("MRN") && bottom.contains("Enter save ·"))
        #expect(!bottom.contains("Right patient?"))
    }

    @Test func onAShortScreenTheCorrectionConfirmOpensOnTheRoundsValues() {
        var state = ChartingScreens.correction(columns: 40, rows: 12)
        ChartingScreens.press(&state, [.enter])
        let top = Self.words(SampleChart.render(state))
        #expect(top.contains("MRN") && top.contains("nothing is deleted"))
        ChartingScreens.press(&state, [.end])
        #expect(Self.words(SampleChart.render(state)).contains("Enter marks these 4 values"))
    }

    @Test func onAnASCIITerminalTheConfirmStepIsPlainASCIIWithNothingCut() {
        let screen = SampleChart.render(ChartingScreens.confirm(columns: 80, rows: 24), glyphs: .ascii)
        let allASCII = screen.joined().unicodeScalars.allSatisfy { $0.isASCII }
        #expect(allASCII)
        let words = Self.words(screen)
        for piece in ["T 38.4 H C (typed 101.2 F)", "SpO2 89 L! % on O2 high-flow 40 L/min FiO2 60 %", "BP 148/92 H mmHg"] {
            #expect(words.contains(piece), "missing \(piece)")
        }
    }

    @Test func theVitalsTableSaysWhereEachRowStandsAndWhyTheServerRefusedOne() {
        let words = Self.words(SampleChart.render(ChartingScreens.deliveries(columns: 80, rows: 24)))
        #expect(words.contains("4 unsent (1 failed)"))
        #expect(words.contains("14:00 96 37.2 pending"))
        #expect(words.contains("13:30 180 in error"))
        #expect(words.contains("FAILED"))
        #expect(words.contains("failed: HTTP 422: Observation.subject: patient POP-000010 is not known to this server"))
    }

    @Test func theCorrectionShowsTheRoundAndTheReasonBeingTyped() {
        let words = Self.words(SampleChart.render(ChartingScreens.correction(columns: 80, rows: 24)))
        for piece in ["Mark entered in error", "MRN POP-000010", "nothing is deleted", "2026-06-27 12:00", "HR 112 H /min",
                      "Reason: charted on the wrong patient"] {
            #expect(words.contains(piece), "missing \(piece)")
        }
    }
}
