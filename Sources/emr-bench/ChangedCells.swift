import CoreDomain
import DataLocal
import Foundation
import SharedPresentation
import TerminalUI

/// The limit for metric 5: how many cells actually change on a list move and on a tab switch,
/// by `ScreenDiff` between settled frames, on the demo census (what the pty sessions show).
struct ChangedCells {
    let runner: UseCaseEffectRunner
    var repeats = 20

    /// Median changed cells per list move and per tab switch, with the same key sequence as pty_bench.py.
    func measure(columns: Int, rows: Int) async -> (move: Double, tab: Double) {
        var driver = await WorkstationDriver(runner: runner, columns: columns, rows: rows)
        var moves: [Double] = [], tabs: [Double] = []
        for n in 0..<repeats { moves.append(await changes(&driver, n % 2 == 0 ? .down : .up)) }
        for n in 0..<repeats { tabs.append(await changes(&driver, .character(Character("\((n + 1) % 4 + 1)")))) }
        return (Samples(moves).median, Samples(tabs).median)
    }

    private func changes(_ driver: inout WorkstationDriver, _ key: InputKey) async -> Double {
        let before = driver.frame
        await driver.settle(driver.press(key))
        return Double(ScreenDiff.runs(from: before, to: driver.frame).reduce(0) { $0 + $1.cells.count })
    }
}
