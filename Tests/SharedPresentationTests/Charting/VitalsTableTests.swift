import CoreDomain
import CoreUseCases
import Foundation
import Testing
@testable import SharedPresentation

/// Every charted vital sign shows in the table at every size, never cut, never a bare time.
@Suite struct VitalsTableTests {
    static let context = ViewContext(now: Census.now, timeZone: Charted.utc, unicode: true) { String(repeating: "_", count: $0.count) }

    /// A full round a nurse charted 30 minutes ago, pending, with a critical respiratory rate,
    /// and rounds the day before holding only a temperature, and only a respiratory rate.
    static let readings: [VitalReading] = [
        Charted.reading(.heartRate, 150, id: "hr", minutesAgo: 30, flag: .criticalHigh, delivery: .pending),
        VitalReading(sign: .bloodPressure, effective: Census.now.addingTimeInterval(-1_800),
                     value: .bloodPressure(systolic: Quantity(value: 148, ucumCode: "mm[Hg]"), diastolic: Quantity(value: 92, ucumCode: "mm[Hg]")),
                     flag: .high, observationIDs: ["bp"], delivery: .pending),
        Charted.reading(.temperature, Decimal(string: "38.4")!, id: "t", minutesAgo: 30, flag: .high, delivery: .pending),
        Charted.reading(.respiratoryRate, 4, id: "rr", minutesAgo: 30, flag: .criticalLow, delivery: .pending),
        Charted.reading(.oxygenSaturation, 89, id: "spo2", minutesAgo: 30, flag: .low, delivery: .pending),
        Charted.reading(.weight, Decimal(string: "71.2")!, id: "wt", minutesAgo: 30, delivery: .pending),
        Charted.reading(.painScore, 7, id: "pain", minutesAgo: 30, delivery: .pending),
        Charted.reading(.temperature, Decimal(string: "37.1")!, id: "t-old", minutesAgo: 26 * 60),
        Charted.reading(.respiratoryRate, 18, id: "rr-old", minutesAgo: 28 * 60),
    ]

    private func table(width: Int) -> ScrollContent {
        VitalsView.content(VitalsHistory(series: VitalSeries.series(from: Self.readings)), selected: 0, width: width, context: Self.context)
    }

    @Test(arguments: [50, 36])
    func everyValueShowsWholeWithItsMarker(width: Int) {
        let text = table(width: width).lines.map(\.plainText)
        let all = text.joined(separator: "\n")
        for value in ["150 H!", "148/92 H", "38.4 H", "4 L!", "89 L", "71.2", "7", "37.1", "18"] {
            #expect(all.contains(value), "\(value) at width \(width)")
        }
        #expect(text.allSatisfy { DisplayWidth.cells($0) <= width }, "nothing wider than the pane")
        #expect(!all.contains("wider terminal"))
    }

    @Test func atTheDesignSizeTheNEWS2SignsHaveColumnsAndUnits() {
        let lines = table(width: 50).lines.map(\.plainText)
        let header = lines.firstIndex { $0.hasPrefix("time") }
        #expect(header.map { Array(lines[$0].split(separator: " ").prefix(6)) } == ["time", "HR", "BP", "SpO2", "T", "RR"])
        #expect(header.map { Array(lines[$0 + 1].split(separator: " ").prefix(5)) } == ["/min", "mmHg", "%", "°C", "/min"])
    }

    @Test func eachDayHasItsDateLineAndRowsTheirClockTime() {
        let lines = table(width: 50).lines.map(\.plainText)
        #expect(lines.contains("2026-09-21") && lines.contains("2026-09-20"))
        let rows = lines.filter { $0.first?.isNumber == true && $0.dropFirst(2).hasPrefix(":") }
        #expect(rows.count == 3, "one row per round, each starting HH:MM")
        #expect(rows.allSatisfy { $0.count > 6 }, "no row is a bare time: \(rows)")
    }

    @Test func theRoundsAreTheItemsAndTheHeaderIsPinned() throws {
        let content = VitalsView.content(VitalsHistory(series: VitalSeries.series(from: Self.readings)), selected: 2, width: 50, context: Self.context)
        #expect(content.items.count == 3, "one item per round")
        #expect(content.lines[content.items[2].first].plainText.contains("18"))
        let pinned = try #require(content.pinned)
        #expect(content.lines[pinned.lowerBound].plainText.hasPrefix("time"))
        #expect(content.window(pinned.lowerBound, height: 10).header.isEmpty, "in place: nothing to pin")
        let past = content.layout.lastOffset(height: 6)
        #expect(content.window(past, height: 6).header == pinned, "scrolled past, the header is on top")
        #expect(content.window(past, height: pinned.count).header.isEmpty, "a header leaving no row would hide the rows it heads")
        let fitted = content.fitted(ScrollPosition(offset: 0, selected: 2), height: pinned.count + 2)
        #expect(content.window(fitted.offset, height: pinned.count + 2).shows(content.items[2].first), "the chosen row shows under the pinned header")
    }

    /// Choosing another round moves no line: a page shows the same lines whichever is chosen.
    @Test func theLayoutDoesNotDependOnTheChosenRound() {
        let history = VitalsHistory(series: VitalSeries.series(from: Self.readings))
        let layouts = (0..<3).map { VitalsView.content(history, selected: $0, width: 50, context: Self.context) }
        #expect(layouts.allSatisfy { $0.layout == layouts[0].layout })
    }
}
