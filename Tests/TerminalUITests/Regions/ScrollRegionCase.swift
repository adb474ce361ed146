import CoreDomain
import CoreUseCases
import Foundation
import Testing
import TestSupport
@testable import SharedPresentation

/// A scrolled region the reach properties run on: how to bring it on screen with generated
/// content of about `count` items at a size. A new region is covered by adding its case to
/// `registered`; `ReachTests` asks nothing else of it.
struct ScrollRegionCase: Sendable, CustomStringConvertible {
    var name: String
    /// Whether it has items a choice moves over (otherwise it only scrolls).
    var choosesItems: Bool
    var make: @Sendable (_ count: Int, _ columns: Int, _ rows: Int, _ chart: inout GeneratedChart) -> WorkstationState

    var description: String { name }

    static let registered: [ScrollRegionCase] = [
        ScrollRegionCase(name: "patient list", choosesItems: true) { count, columns, rows, chart in
            census(count, columns, rows, &chart, open: false)
        },
        ScrollRegionCase(name: "summary", choosesItems: false) { count, columns, rows, chart in
            census(3, columns, rows, &chart, problems: count)
        },
        ScrollRegionCase(name: "encounters", choosesItems: true) { count, columns, rows, chart in
            var state = census(3, columns, rows, &chart)
            load(&state, EncountersState.self, chart.encounters(count), tab: "2")
            return state
        },
        ScrollRegionCase(name: "encounter details", choosesItems: false) { count, columns, rows, chart in
            var state = census(3, columns, rows, &chart)
            load(&state, EncountersState.self, chart.encounters(max(1, count / 20)), tab: "2")
            press(&state, .enter)
            return state
        },
        ScrollRegionCase(name: "chart notes", choosesItems: false) { count, columns, rows, chart in
            var state = census(3, columns, rows, &chart)
            load(&state, EncountersState.self, chart.encounters(max(1, count / 10)), tab: "2")
            press(&state, .character("N"))
            return state
        },
        ScrollRegionCase(name: "vitals", choosesItems: true) { count, columns, rows, chart in
            var state = census(3, columns, rows, &chart)
            load(&state, VitalsState.self, chart.vitals(count), tab: "3")
            return state
        },
        ScrollRegionCase(name: "orders", choosesItems: false) { count, columns, rows, chart in
            var state = census(3, columns, rows, &chart)
            load(&state, MedicationsState.self, chart.medications(count), tab: "4")
            return state
        },
        // About three doses an order: `count` doses, as items.
        ScrollRegionCase(name: "MAR", choosesItems: true) { count, columns, rows, chart in
            var state = census(3, columns, rows, &chart)
            load(&state, MedicationsState.self, chart.medications(max(1, count / 3)), tab: "4")
            press(&state, .character("m"))
            return state
        },
        ScrollRegionCase(name: "results", choosesItems: true) { count, columns, rows, chart in
            var state = census(3, columns, rows, &chart)
            load(&state, ResultsState.self, chart.results(max(1, count / 2), collections: chart.int(1...12)), tab: "5")
            return state
        },
        ScrollRegionCase(name: "a test's history", choosesItems: false) { count, columns, rows, chart in
            var state = census(3, columns, rows, &chart)
            load(&state, ResultsState.self, chart.results(1, collections: max(1, count)), tab: "5")
            press(&state, .enter)
            return state
        },
        ScrollRegionCase(name: "ward due list", choosesItems: true) { count, columns, rows, chart in
            var state = census(3, columns, rows, &chart, open: false)
            press(&state, .character("d"))
            // About three doses a patient: `count` lines of doses.
            send(&state, .wardDoses(.loaded(chart.wardDoses(max(1, count / 3)))))
            return state
        },
        // An overlay registered at run time (TestSupport's bed board): covered by registering it.
        ScrollRegionCase(name: "a registered overlay", choosesItems: true) { count, columns, rows, chart in
            var state = census(3, columns, rows, &chart, open: false)
            state.overlays += [BedBoardState.kind]
            press(&state, .character("b"))
            send(&state, .overlay(OverlayMessage(BedBoardState.self, .loaded((0..<max(1, count)).map { chart.patient($0) }))))
            return state
        },
        ScrollRegionCase(name: "help", choosesItems: false) { _, columns, rows, chart in
            var state = census(3, columns, rows, &chart)
            press(&state, .character("?"))
            return state
        },
        ScrollRegionCase(name: "vitals form", choosesItems: false) { _, columns, rows, chart in
            var state = census(3, columns, rows, &chart)
            press(&state, .character("a"))
            return state
        },
        ScrollRegionCase(name: "dose check", choosesItems: false) { count, columns, rows, chart in
            var state = census(3, columns, rows, &chart, wristbandCheck: false)
            load(&state, MedicationsState.self, chart.medications(max(2, count / 20), scheduled: true), tab: "4")
            press(&state, .character("m"))
            press(&state, .character("r"))
            press(&state, .character("g"))
            // A late dose whose next is open: this one; then the drug's name (the orders have no code).
            if case .whichDose? = state.charting?[DoseFormState.self]?.step { press(&state, .character("1")) }
            let name = state.charting?[DoseFormState.self]?.dose.request.medication.displayName ?? ""
            let words = name.split(separator: " ").drop { $0.contains(where: \.isNumber) }.prefix { !$0.contains(where: \.isNumber) }
            for character in words.isEmpty ? name : words.joined(separator: " ") { press(&state, .character(character)) }
            for key: InputKey in [.enter, .enter, .enter, .enter] { press(&state, key) }
            // Each warning the dose meets, answered: a reason typed, or a second dose confirmed.
            while case let .warning(warning)? = state.charting?[DoseFormState.self]?.step {
                if case .doubleDose = warning { press(&state, .character("y")) } else { for key: InputKey in [.character("x"), .enter] { press(&state, key) } }
            }
            #expect(state.charting?[DoseFormState.self]?.step == .confirming,
                    "the dose's check: \(name) at \(String(describing: state.charting?[DoseFormState.self]?.refusal))")
            return state
        },
        // An infusion's start at its check: the drug named, the order's rate kept, now.
        ScrollRegionCase(name: "infusion check", choosesItems: false) { count, columns, rows, chart in
            var state = census(3, columns, rows, &chart, wristbandCheck: false)
            load(&state, MedicationsState.self, chart.medications(max(2, count / 20), endingInAnInfusion: true), tab: "4")
            for key: InputKey in [.character("m"), .character("G"), .character("r"), .character("s")] { press(&state, key) }
            let name = state.charting?[InfusionFormState.self]?.infusion.request.medication.displayName ?? ""
            for character in name { press(&state, .character(character)) }
            for key: InputKey in [.enter, .enter, .enter] { press(&state, key) }
            #expect(state.charting?[InfusionFormState.self]?.step == .confirming,
                    "the infusion's check: \(name) at \(String(describing: state.charting?[InfusionFormState.self]?.step)), \(String(describing: state.charting?[InfusionFormState.self]?.refusal))")
            return state
        },
        ScrollRegionCase(name: "vitals check", choosesItems: false) { _, columns, rows, chart in
            var state = census(3, columns, rows, &chart)
            press(&state, .character("a"))
            for value in ["112", "148", "92", "38.4", "24", "89"] {
                for character in value { press(&state, .character(character)) }
                press(&state, .tab)
            }
            press(&state, .enter)
            return state
        },
        // A nurse's note of `count` lines (as many as its bound holds), some wider than any
        // screen, being written (the letters of the moves are typed), then at its check.
        ScrollRegionCase(name: "nurse's note", choosesItems: false) { count, columns, rows, chart in
            writtenNote(count, columns, rows, &chart)
        },
        // The user's own note of about `count` generated paragraphs, withdrawn: at its check.
        ScrollRegionCase(name: "note entered in error check", choosesItems: false) { count, columns, rows, chart in
            var state = census(3, columns, rows, &chart)
            let text = (0..<max(1, count / 4)).map { _ in chart.text(40) }.joined(separator: "\n")
            let own = NoteItem(note: ClinicalNote(id: "own", patientID: "p0", type: CodedConcept(text: "Nurse note"), date: GeneratedChart.now,
                                                  authorName: "nurse1", content: NoteContent(text: text)))
            load(&state, EncountersState.self, EncounterList(items: [], notes: [own]), tab: "2")
            for key: InputKey in [.character("N"), .character("x"), .enter, .character("d"), .character("u"), .character("p"), .enter] { press(&state, key) }
            #expect(state.charting?[NoteCorrectionState.self]?.step == .confirming, "the withdrawn note's check")
            return state
        },
        ScrollRegionCase(name: "nurse's note check", choosesItems: false) { count, columns, rows, chart in
            var state = writtenNote(count, columns, rows, &chart)
            press(&state, .control("d"))
            #expect(state.charting?[NursingNoteState.self]?.step == .confirming, "the note's check")
            return state
        },
    ]

    /// A census of `count` generated patients, the first one's chart open (with `problems`
    /// problems on its summary) unless `open` is false.
    static func census(
        _ count: Int, _ columns: Int, _ rows: Int, _ chart: inout GeneratedChart, problems: Int = 2, open: Bool = true, wristbandCheck: Bool = true
    ) -> WorkstationState {
        var state = WorkstationState(session: SessionInfo(mode: .demo, user: "nurse1", wristbandCheck: wristbandCheck), columns: columns, rows: rows,
                                     now: GeneratedChart.now)
        state.timeZone = GeneratedChart.utc
        let entries = (0..<count).map { chart.patient($0) }
        send(&state, .list(.loaded(PatientSearch(limit: PatientListState.pageSize), PatientPage(entries: entries, total: count))))
        guard open else { return state }
        if state.layout == .single { press(&state, .enter) }
        state.focus = .chart
        send(&state, .chart(patientID: "p0", .loaded(ChartContent(SummaryState.self, chart.summary(for: entries[0], problems: problems)))))
        return state
    }

    /// p0's chart with a nurse's note of `count` generated lines typed (at most 90: its bound).
    static func writtenNote(_ count: Int, _ columns: Int, _ rows: Int, _ chart: inout GeneratedChart) -> WorkstationState {
        var state = census(3, columns, rows, &chart)
        press(&state, .character("n"))
        let words = ["settled", "pain", "2/10", "mobilised", "with", "one", "assist", "IV", "site", "clean"]
        for line in 0..<min(count, 90) {
            let typed = (0..<chart.int(0...14)).map { _ in words[chart.int(0...9)] }
            for character in "\(line + 1): " + typed.joined(separator: " ") { press(&state, .character(character)) }
            press(&state, .enter)
        }
        return state
    }

    static func load<Feature: ChartTabFeature>(_ state: inout WorkstationState, _ feature: Feature.Type, _ content: Feature.Content, tab: Character) {
        press(&state, .character(tab))
        send(&state, .chart(patientID: "p0", .loaded(ChartContent(feature, content))))
    }

    /// What a user or the runtime does, on the way to the region: the effects asked for are the
    /// runtime's (the loads are the generated content given here), not what is tested.
    @discardableResult
    static func send(_ state: inout WorkstationState, _ action: WorkstationAction) -> [WorkstationEffect] { state.update(action) }

    @discardableResult
    static func press(_ state: inout WorkstationState, _ key: InputKey) -> [WorkstationEffect] { send(&state, .key(key)) }
}
