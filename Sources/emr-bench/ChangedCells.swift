import CoreDomain
import DataLocal
import Foundation
import SharedPresentation
import TerminalUI

/// The limit for metric 5: how many cells actually change per key of each `ScreenKeys` row, by
/// `ScreenDiff` between settled frames, on the demo census (what the pty session shows).
struct ChangedCells {
    let runner: UseCaseEffectRunner

    /// Median changed cells per counted key, by row name, pressing the keys of `screens`' session in order.
    func measure(_ screens: [ScreenKeys], columns: Int, rows: Int) async -> [String: Double] {
        var driver = await WorkstationDriver(runner: runner, columns: columns, rows: rows)
        var changed: [String: [Double]] = [:]
        for step in ScreenKeys.session(screens) {
            let cells = await changes(&driver, step.key)
            if let row = step.row { changed[row, default: []].append(cells) }
        }
        return changed.mapValues { Samples($0).median }
    }

    private func changes(_ driver: inout WorkstationDriver, _ key: InputKey) async -> Double {
        let before = driver.frame
        await driver.settle(driver.press(key))
        return Double(ScreenDiff.runs(from: before, to: driver.frame).reduce(0) { $0 + $1.cells.count })
    }
}
