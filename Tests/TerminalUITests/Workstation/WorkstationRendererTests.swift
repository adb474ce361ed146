import CoreDomain
import SharedPresentation
import Testing
@testable import TerminalUI

@Suite struct WorkstationRendererTests {
    static let sizes = [(80, 24), (120, 40), (60, 20)]

    @Test(arguments: sizes)
    func everyChartTabShowsTwoIdentifiersAndTheAllergyStatus(_ columns: Int, _ rows: Int) {
        for tab in ChartTab.registered {
            let screen = SampleChart.render(SampleChart.state(columns: columns, rows: rows, tab: tab)).joined(separator: "\n")
            #expect(screen.contains("BROWN, Robin"), "\(tab) at \(columns)x\(rows)")
            #expect(screen.contains("DOB 1954-04-12"), "\(tab) at \(columns)x\(rows)")
            #expect(screen.contains("MRN POP-000010"), "\(tab) at \(columns)x\(rows)")
            #expect(screen.contains("ALLERGY: Penicillin"), "\(tab) at \(columns)x\(rows)")
        }
    }

    @Test func summaryAt80x24ShowsValuesWithMarkersAndUnitsWhole() {
        let screen = SampleChart.render(SampleChart.state(columns: 80, rows: 24))
        let text = screen.joined(separator: "\n")
        #expect(screen.count == 24 && screen.allSatisfy { $0.count <= 80 })
        for piece in ["HR 112 H /min", "BP 148/92 H mmHg", "T 38.4 H °C", "SpO2 89 L! %", "Prednisone 40 mg PO daily", "COPD exacerbation"] {
            #expect(text.contains(piece), "missing \(piece)")
        }
        #expect(screen[0].contains("DEMO"))
        #expect(screen[23].contains("quit"))
    }

    @Test func vitalsTableHasAUnitInEveryHeaderAndMarkersOnAbnormalValues() {
        let screen = SampleChart.render(SampleChart.state(columns: 120, rows: 40, tab: .vitals))
        let header = screen.firstIndex { $0.contains("time  HR") }
        #expect(header != nil)
        // Each unit on the line under its column's name.
        for (name, unit) in [("HR", "/min"), ("BP", "mmHg"), ("T", "°C"), ("SpO2", "%")] {
            let column = header.flatMap { screen[$0].range(of: " \(name) ")?.lowerBound }.map { screen[header!].distance(from: screen[header!].startIndex, to: $0) + 1 }
            let below = header.map { Array(screen[$0 + 1]) }
            #expect(column.flatMap { col in below.map { String($0[col..<min($0.count, col + unit.count)]) } } == unit, "\(name) has \(unit) under it")
        }
        let text = screen.joined(separator: "\n")
        for value in ["112 H", "148/92 H", "38.4 H", "89 L!"] { #expect(text.contains(value), "missing \(value)") }
    }

    @Test func narrowTerminalShowsOnePaneAndAWayBack() {
        let list = SampleChart.render(SampleChart.state(columns: 60, rows: 20, focus: .list)).joined(separator: "\n")
        #expect(list.contains("Patients 6"))
        #expect(!list.contains("DOB 1954"))
        let chart = SampleChart.render(SampleChart.state(columns: 60, rows: 20, focus: .chart)).joined(separator: "\n")
        #expect(chart.contains("Esc back"))
        #expect(!chart.contains("Patients 6"))
    }

    @Test func aDamagedChartNeverClaimsThereAreNoAllergies() {
        var state = SampleChart.state(columns: 80, rows: 24)
        var summary = SampleChart.summary
        summary.allergyStatus = .noKnownAllergies
        #expect(state.update(.chart(patientID: "p1", .loaded(ChartContent(SummaryState.self, summary), warning: "Damaged record (row 9) hidden: run 'emr wipe', re-sync"))).isEmpty)
        let text = SampleChart.render(state).joined(separator: "\n")
        #expect(text.contains("ALLERGIES UNKNOWN"))
        #expect(!text.contains("NKA"))
        #expect(text.contains("Damaged record (row 9) hidden"))
    }

    @Test func tooSmallSaysSoAndShowsNoPatientData() {
        let text = SampleChart.render(SampleChart.state(columns: 30, rows: 10)).joined(separator: "\n")
        #expect(text.contains("terminal too small: need at") && text.contains("least 40x12"))
        #expect(!text.contains("Brown") && !text.contains("BROWN"))
    }

    @Test func tooSmallShowsTheQuestionQAsks() {
        var state = SampleChart.state(columns: 30, rows: 10)
        state.outbox = OutboxStatus(pending: 2)
        #expect(state.update(.key(.character("q"))).isEmpty)
        let text = SampleChart.render(state).joined(separator: " ").split(separator: " ").joined(separator: " ")
        #expect(text.contains("q again quits"))
    }

    @Test func theQuitQuestionFitsTheStatusLineAt80Columns() {
        var state = SampleChart.state(columns: 80, rows: 24)
        state.outbox = OutboxStatus(pending: 12)
        #expect(state.update(.key(.character("a"))).isEmpty)
        #expect(state.update(.resized(columns: 30, rows: 10)).isEmpty)
        #expect(state.update(.key(.character("q"))).isEmpty)
        #expect(state.update(.resized(columns: 80, rows: 24)).isEmpty)
        let footer = SampleChart.render(state).last ?? ""
        #expect(footer.contains("form not saved, 12 unsent entries: q again quits, any other key stays"), "\(footer)")
    }

    @Test func lockedScreenHidesEveryPatient() {
        var state = SampleChart.state(columns: 80, rows: 24)
        #expect(state.update(.key(.character("L"))) == [.lock(.locked)])
        #expect(state.update(.key(.character("x"))).isEmpty)
        let text = SampleChart.render(state).joined(separator: "\n")
        #expect(text.contains("Screen locked"))
        #expect(text.contains("*"))
        for secret in ["Brown", "BROWN", "POP-0000", "1954", "Penicillin", "Garcia"] { #expect(!text.contains(secret), "\(secret) visible") }
    }

    @Test func asciiTerminalsGetAsciiBordersAndStillLegibleNames() {
        var state = SampleChart.state(columns: 80, rows: 24)
        let reloaded = state.update(.list(.loaded(PatientSearch(limit: PatientListState.pageSize), PatientPage(entries: [
            PatientListEntry(patient: Patient(id: "p1", mrn: "M1", name: PersonName(family: "Müller", given: ["Zoë"]), gender: .female)),
        ], total: 1))))
        #expect(reloaded.isEmpty, "p1's chart is open already")
        let screen = SampleChart.render(state, glyphs: .ascii)
        #expect(screen[1].hasPrefix("+"))
        #expect(screen.joined().contains("Muller, Zoe"))
        let allASCII = screen.joined().unicodeScalars.allSatisfy { $0.isASCII }
        #expect(allASCII)
    }

    /// A VT220 or a client whose locale is not UTF-8: the frames are line drawing (sent in the
    /// terminal's alternate character set), everything else is ASCII, names still legible.
    @Test func vtTerminalsGetLineDrawingFramesAndASCIIText() {
        var state = SampleChart.state(columns: 80, rows: 24)
        #expect(state.update(.list(.loaded(PatientSearch(limit: PatientListState.pageSize), PatientPage(entries: [
            PatientListEntry(patient: Patient(id: "p1", mrn: "M1", name: PersonName(family: "Müller", given: ["Zoë"]), gender: .female)),
        ], total: 1)))).isEmpty)
        let glyphs = Glyphs.vtLineDrawing
        let screen = SampleChart.render(state, glyphs: glyphs)
        #expect(screen[1].hasPrefix("┌") && screen[1].contains("─") && screen[2].hasPrefix("│"), "\(screen[1])")
        #expect(screen.joined().contains("Muller, Zoe"))
        let notSentAsLineDrawing = screen.joined().filter { glyphs.alternateCharsetCode(for: $0) == nil }
        let nonASCII = Set(notSentAsLineDrawing.filter { !$0.isASCII })
        #expect(nonASCII.isEmpty, "\(nonASCII)")
    }

    @Test func helpOverlayListsKeysAndTheDemoShift() {
        var state = SampleChart.state(columns: 80, rows: 24)
        state.session.demoDateShift = "all dates moved forward 3 d 0 h"
        #expect(state.update(.key(.character("?"))).isEmpty)
        let text = SampleChart.render(state).joined(separator: "\n")
        #expect(text.contains("Keys (Esc or ? to close)"))
        #expect(text.contains("search name, MRN, bed or birth date"))
    }

    @Test func theHelpShowsOverABlankScreenWithNoPieceOfAChartAtItsEdges() {
        var state = SampleChart.state(columns: 120, rows: 60)
        #expect(SampleChart.render(state).joined().contains("BROWN"))
        #expect(state.update(.key(.character("?"))).isEmpty)
        let screen = SampleChart.render(state)
        #expect(screen.joined().contains("Keys (Esc or ? to close)"))
        #expect(!screen.joined().uppercased().contains("BROWN"), "nothing of the chart behind the help")
        #expect(screen.dropFirst().dropLast().allSatisfy { $0.prefix(20).allSatisfy { $0 == " " } }, "the margins are blank")
    }

    @Test func aHelpScreenTallerThanTheTerminalScrollsToItsLastLine() {
        var state = SampleChart.state(columns: 80, rows: 24)
        #expect(state.update(.key(.character("?"))).isEmpty)
        let first = SampleChart.render(state).joined(separator: "\n")
        #expect(first.contains("Keys (Esc or ? to close)"))
        #expect(first.contains("─1-20/"))
        #expect(!first.contains("Demo: vitals you chart"))
        for _ in 0..<200 { #expect(state.update(.key(.down)).isEmpty) }  // more than the help has lines
        let last = SampleChart.render(state)
        let text = last.joined(separator: "\n")
        #expect(text.contains("Demo: vitals you chart are kept in the demo cache"))
        #expect(last.allSatisfy { $0.count == 80 })
        #expect(state.update(.key(.escape)).isEmpty)
        #expect(!state.isHelpShown)
    }

    @Test func theCursorSitsOnTheSelectedRow() {
        var state = SampleChart.state(columns: 80, rows: 24, focus: .list)
        #expect(state.update(.key(.down)) == [.cancel(.chartLoads), .chart(patientID: "p2", .load(.summary))])
        var buffer = ScreenBuffer(width: 80, height: 24)
        let cursor = WorkstationRenderer.render(state, into: &buffer, timeZone: SampleChart.utc)
        let row = buffer.textSnapshot()[cursor?.row ?? 0]
        #expect(row.contains("Garcia2"))
    }
}
