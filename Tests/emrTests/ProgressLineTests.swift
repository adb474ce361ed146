@testable import emr
import Testing

/// The progress line of long commands: what it says, how often it redraws, and that it leaves
/// nothing behind.
struct ProgressLineTests {
    /// A line drawn on a manual clock, its writes kept.
    private final class Screen {
        var writes: [String] = []
        var seconds = 0.0

        func line() -> ProgressLine {
            ProgressLine(verb: "importing", unit: "files", write: { self.writes.append($0) }, now: { self.seconds })
        }
    }

    @Test func saysDoneOfTotalResourcesRateAndTimeLeft() {
        let text = ProgressLine.text(verb: "importing", unit: "files", done: 120, total: 3000, resources: 5412, seconds: 10)
        #expect(text == "importing: 120/3000 files, 5,412 resources, 541 res/s, 4:00 left")
    }

    @Test func withoutResourcesTheRateIsOfTheUnits() {
        let text = ProgressLine.text(verb: "verifying", unit: "entries", done: 40_000, total: 100_000, resources: nil, seconds: 2)
        #expect(text == "verifying: 40000/100000 entries, 20,000/s, 0:03 left")
    }

    /// A few steps have no rate worth saying, only the time left.
    @Test func aFewStepsHaveNoRate() {
        let text = ProgressLine.text(verb: "changing the passphrase", unit: "steps", done: 1, total: 3, resources: nil, seconds: 0.4)
        #expect(text == "changing the passphrase: 1/3 steps, 0:01 left")
    }

    /// No total (a sync's requests: the server does not say how many pages are coming): no time left.
    @Test func withoutATotalThereIsNoTimeLeft() {
        let text = ProgressLine.text(verb: "syncing", unit: "requests", done: 18, total: nil, resources: nil, seconds: 2)
        #expect(text == "syncing: 18 requests, 9/s")
    }

    @Test func longWaitsReadAsHours() {
        #expect(ProgressLine.clock(3723) == "1:02:03")
        #expect(ProgressLine.clock(59.2) == "1:00")
        #expect(ProgressLine.grouped(135_000) == "135,000")
        #expect(ProgressLine.grouped(999) == "999")
    }

    /// The words come from the source, the rest are counts: nothing a record holds can be
    /// shown, whatever the command passes (a file named after a patient included).
    @Test func holdsOnlyItsOwnWordsAndNumbers() {
        let screen = Screen()
        var line = screen.line()
        line.update(done: 1, of: 2, resources: 7)
        let drawn = screen.writes.joined()
        let words = drawn.split(whereSeparator: { !$0.isLetter }).map(String.init)
        #expect(Set(words).isSubset(of: ["importing", "files", "resources", "res", "s", "left", "K"]), "\(drawn)")
    }

    @Test func redrawsAtMostTenTimesASecond() {
        let screen = Screen()
        var line = screen.line()
        for done in 1...1000 {
            screen.seconds = Double(done) * 0.001
            line.update(done: done, of: 1000, resources: done)
        }
        #expect(screen.writes.count == 10)
        #expect(screen.writes.allSatisfy { $0.hasPrefix("\r") && $0.hasSuffix("\u{1B}[K") })
    }

    /// A line longer than the terminal is wide would wrap, and each redraw would leave a row.
    @Test func isCutToTheTerminalsWidth() {
        let screen = Screen()
        var line = ProgressLine(verb: "importing", unit: "files", write: { screen.writes.append($0) }, now: { 0 }, columns: { 12 })
        line.update(done: 1, of: 3000, resources: 5412)
        #expect(screen.writes == ["\rimporting: \u{1B}[K"])
    }

    /// Erased with a carriage return and a clear to the end of the line, so the summary printed
    /// next starts at the left edge of a clean line; nothing to erase when nothing was drawn.
    @Test func finishErasesTheLine() {
        let screen = Screen()
        var line = screen.line()
        line.finish()
        #expect(screen.writes.isEmpty)
        line.update(done: 1, of: 3)
        line.finish()
        #expect(screen.writes.last == "\r\u{1B}[K")
    }

    /// A line printed meanwhile (a skipped resource) starts on a clean line, and the progress
    /// comes back at once under it.
    @Test func aLinePrintedMeanwhileIsNotMixedIntoIt() {
        let screen = Screen()
        var line = screen.line()
        line.update(done: 1, of: 3)
        line.interrupt { screen.writes.append("skipped line\n") }
        line.update(done: 2, of: 3)
        #expect(screen.writes == ["\rimporting: 1/3 files\u{1B}[K", "\r\u{1B}[K", "skipped line\n", "\rimporting: 2/3 files\u{1B}[K"])
    }
}
