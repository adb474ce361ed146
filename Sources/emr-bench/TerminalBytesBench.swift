import DataLocal
import SharedPresentation

/// Bytes written to the pty per key against the cells the same keys change, on the demo
/// cache: the new screens at 80x24 (the size that must show every function) and the list and
/// tabs at 120x40. Needs only the demo cache, so it also runs alone (`--only "terminal bytes"`)
/// to check a change to what is written per key.
struct TerminalBytesBench {
    let pty: PtyBench

    func run(on demo: EncryptedCache, into table: inout ResultTable) async throws {
        let runner = UseCaseEffectRunner(WorkstationDependencies(
            directory: try CachedPatientDirectory(cache: demo), chart: CachedChartRepository(cache: demo), audit: CountingAuditTrail()
        ) { _ in (true, nil) })
        for (columns, rows, screens) in [(80, 24, ScreenKeys.listAndTabs + ScreenKeys.newScreens), (120, 40, ScreenKeys.listAndTabs)] {
            let changed = await ChangedCells(runner: runner).measure(screens, columns: columns, rows: rows)
            try pty.bytesPerKey(screens, columns: columns, rows: rows, changed: changed, into: &table)
        }
        try pty.heldKeys(ScreenKeys.held, columns: 80, rows: 24, into: &table)
    }
}
