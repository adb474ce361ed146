import CoreDomain
import Foundation
import SharedPresentation
import Testing
@testable import TerminalUI

/// The list rows' NEWS2 score and what is due, on the drawn screen: numbers whole, bands by a
/// letter (or word), look-alike patients never reading alike, and the marks following the clock.
@Suite struct ListMarksRendererTests {
    static let hour: TimeInterval = 3600

    /// Brown (bed 4W-12): 7 high three hours ago with nothing since (its obs late), a dose late
    /// at 14:05. Two look-alike patients with different scores: Gonzalez 5 medium with her round
    /// overdue, Gonzales a single 3 due at 15:00. Garcia4 scores 12, Garcia5 has no score.
    static func state(columns: Int, rows: Int, focus: Focus = .chart) -> WorkstationState {
        var state = SampleChart.state(columns: columns, rows: rows, focus: focus)
        let now = SampleChart.now
        func warning(_ total: Int, _ band: EarlyWarning.Band, next: TimeInterval?) -> EarlyWarning {
            EarlyWarning(total: total, band: band, taken: now - 3 * hour, nextDue: next.map { now + $0 })
        }
        state.patients.window[0].earlyWarning = warning(7, .high, next: nil)
        state.patients.window[0].openDoses = OpenDoses(doses: [.init(time: now - 2 * hour, next: now + 6 * hour)], window: hour, until: now + 24 * hour)
        for (index, family, given, score) in [(1, "Gonzalez", "Rebecca", warning(5, .medium, next: -5 * 60)),
                                              (2, "Gonzales", "Rebekah", warning(3, .lowMedium, next: hour - 5 * 60))] {
            state.patients.window[index].patient.name = PersonName(family: family, given: [given])
            state.patients.window[index].hasLookAlike = true
            state.patients.window[index].earlyWarning = score
            state.patients.window[index].openDoses = OpenDoses(doses: [], window: hour, until: now + 24 * hour)
        }
        state.patients.window[3].earlyWarning = warning(12, .high, next: nil)
        return state
    }

    /// The list rows as drawn: the pane's rows after the search line, inside its frame.
    static func listRows(_ state: WorkstationState) -> [String] {
        let screen = SampleChart.render(state)
        let width = state.columns < 80 ? state.columns : (state.columns >= 100 ? min(40, state.columns / 3) : 26)
        return screen[3..<9].map { String($0.dropFirst(2).prefix(width - 3)) }
    }

    @Test(arguments: [(80, 24), (120, 40)])
    func eachRowShowsItsScoreWholeWithItsLetterAndWhatIsDue(_ columns: Int, _ rows: Int) {
        let list = Self.listRows(Self.state(columns: columns, rows: rows))
        #expect(list[0].contains("4W-12") && list[0].contains(" 7H") && list[0].hasSuffix("A!B"), "high is a letter, never the row's `!`; obs and a dose late: \(list[0])")
        #expect(list[1].hasPrefix("Gonzalez") && list[1].contains(" 5M") && list[1].hasSuffix("≈ O"), "\(list[1])")
        #expect(list[2].hasPrefix("Gonzales") && list[2].contains(" 3S") && list[2].hasSuffix("≈  "), "\(list[2])")
        #expect(list[3].contains(" 12H"), "a two-digit score is never cut: \(list[3])")
        #expect(!list[4].contains("!") && list[4].contains("4W-15"))
        #expect(list[1] != list[2], "look-alike patients never read alike")
        for row in list { #expect(row.contains("4W-1"), "the bed, beside the name, on every row: \(row)") }
    }

    @Test func withRoomTheScoreAndWhatIsDueAreWords() {
        let list = Self.listRows(Self.state(columns: 72, rows: 24, focus: .list))
        #expect(list[0].contains("NEWS2 7 HIGH") && list[0].contains("obs late") && list[0].contains("dose late"), "\(list[0])")
        #expect(list[1].contains("NEWS2 5 MED") && list[1].contains("obs late") && !list[1].contains("dose"), "\(list[1])")
        #expect(list[2].contains("NEWS2 3 L-MED") && !list[2].contains("obs"), "\(list[2])")
        #expect(list[3].contains("NEWS2 12 HIGH"))
    }

    /// A score older than the ward's observation interval (12 hours) says so, in letters and in words.
    @Test func aScoreOlderThanTheObservationIntervalIsMarkedStale() {
        for (columns, expected) in [(80, " 12H*"), (72, "NEWS2 12 HIGH*")] {
            var state = Self.state(columns: columns, rows: 24, focus: columns < 80 ? .list : .chart)
            state.patients.window[3].earlyWarning?.taken = SampleChart.now - 12 * Self.hour - 60
            let list = Self.listRows(state)
            #expect(list[3].contains(expected), "\(list[3])")
            #expect(!list[0].contains("*"), "three hours old is not stale: \(list[0])")
        }
    }

    @Test func theMarksFollowTheClock() {
        var state = Self.state(columns: 80, rows: 24)
        #expect(Self.listRows(state)[2].hasSuffix("≈  "))
        #expect(state.update(.tick(SampleChart.now + 45 * 60)).isEmpty)
        #expect(Self.listRows(state)[2].hasSuffix("≈ o"), "the single 3's round comes due at 15:00: due is a small letter")
        #expect(state.update(.tick(SampleChart.now + 70 * 60)).isEmpty)
        #expect(Self.listRows(state)[2].hasSuffix("≈ O"), "past 15:00 it is late: a capital")
        #expect(state.update(.tick(SampleChart.now + 7 * Self.hour)).isEmpty)
        #expect(Self.listRows(state)[0].hasSuffix("A!O"), "Brown's dose is missed once the next is due, not late; his high score's obs are")
    }

    @Test func theBandLetterCarriesTheStyleToo() {
        var buffer = ScreenBuffer(width: 80, height: 24, glyphs: .unicode)
        WorkstationRenderer.render(Self.state(columns: 80, rows: 24), into: &buffer, timeZone: SampleChart.utc)
        let text = buffer.textSnapshot(), styles = buffer.styleSnapshot()
        for (row, score, role) in [(4, "5M", TextRole.abnormal), (6, "12H", TextRole.critical)] {
            let line = text[row]
            let start = line.distance(from: line.startIndex, to: line.range(of: score)!.lowerBound)
            #expect(Array(styles[row])[start..<(start + score.count)].allSatisfy { $0 == role.snapshotCode }, "\(score)")
        }
    }
}
