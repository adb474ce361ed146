import CoreDomain
import DataLocal
import Foundation
import SharedPresentation
import TerminalUI

/// Metric 3: one key's update plus render into a screen buffer, on carebundle censuses from
/// 1k patients up read from their encrypted caches, at 80x24. List move and tab switch time the key's own frame (chart loads that follow are
/// metric 4); a search keystroke includes searching the census and drawing the result.
struct KeypressBench {
    let census: EncryptedCache
    var iterations = 2_000

    func run(scale: Int, into table: inout ResultTable) async throws {
        let runner = UseCaseEffectRunner(WorkstationDependencies(
            directory: try CachedPatientDirectory(cache: census), chart: CachedChartRepository(cache: census), audit: CountingAuditTrail()
        ) { _ in (true, nil) })
        var driver = await WorkstationDriver(runner: runner, columns: 80, rows: 24)
        let size = "\(Figure.count(scale)) carebundle patients, 80x24"

        var step = 0
        let moves = await measure { () async in
            step += 1
            // Down through the first pages and back, so scrolling and window loads are included.
            let effects = driver.press(step % 200 < 100 ? .down : .up)
            return effects
        } settle: { await driver.settle($0) }
        table.add(row("keypress: list move", size, moves, limit: 2))

        // NEWS2 order (`s`): reordering the census by risk, and moving through it so ordered.
        let reorder = await measure { () async in driver.press(.character("s")) } settle: { await driver.settle($0) }
        table.add(row("keypress: s (NEWS2 order ⇄ bed)", size, reorder, limit: 2))
        if !driver.state.patients.byEarlyWarning { await driver.settle(driver.press(.character("s"))) }
        let riskMoves = await measure { () async in
            step += 1
            return driver.press(step % 200 < 100 ? .down : .up)
        } settle: { await driver.settle($0) }
        table.add(row("keypress: list move, by NEWS2", size, riskMoves, limit: 2))
        await driver.settle(driver.press(.character("s")))  // back to bed order

        await driver.settle(driver.press(.enter))
        let tabs = await measure { () async in driver.press(.character(Character("\(step % 4 + 1)"))) } settle: {
            step += 1
            await driver.settle($0)
        }
        table.add(row("keypress: tab switch", size, tabs, limit: 2))

        await driver.settle(driver.press(.escape))
        _ = driver.press(.character("/"))
        let typing: [InputKey] = [.character("a"), .character("n"), .character("d"), .backspace, .backspace, .backspace]
        var later: [WorkstationEffect] = []
        let clock = ContinuousClock()
        var times: [Duration] = []
        for n in 0..<(iterations / 4 + 30) {
            let start = clock.now
            later = await driver.settleSearch(driver.press(typing[n % typing.count]))
            let elapsed = clock.now - start
            if n >= 30 { times.append(elapsed) }
            await driver.settle(later)
        }
        table.add(row("keypress: search keystroke", size, Samples(times), limit: 10))
    }

    /// Times `key` (warm-up first), running what it asked for untimed before the next press.
    private func measure(
        _ key: () async -> [WorkstationEffect], settle: ([WorkstationEffect]) async -> Void
    ) async -> Samples {
        let clock = ContinuousClock()
        var times: [Duration] = []
        for n in 0..<(iterations + 50) {
            let start = clock.now
            let effects = await key()
            let elapsed = clock.now - start
            if n >= 50 { times.append(elapsed) }
            await settle(effects)
        }
        return Samples(times)
    }

    private func row(_ metric: String, _ size: String, _ samples: Samples, limit: Double) -> ResultRow {
        ResultRow(metric: metric, size: size, median: Figure.ms(samples.median), spread: "p99 \(Figure.ms(samples.p99))",
                  reference: "target p99 < \(Figure.ms(limit))", ratio: Figure.ratio(samples.p99 / limit) + " of target")
    }
}
