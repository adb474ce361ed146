import DataLocal
import Foundation
import SharedPresentation

/// `make bench`: every figure of issue 8 that can be measured here, in one run, printed as one
/// table and written as Markdown to `.bench/results.md` for README's Performance section.
/// Targets are reported, never asserted.
func bench(_ options: BenchOptions) async throws -> ResultTable {
    var table = ResultTable()
    try FileManager.default.createDirectory(atPath: options.work, withIntermediateDirectories: true)
    let bound = StepBound.minutes(ProcessInfo.processInfo.environment)
    func step<T>(_ name: String, _ body: () async throws -> T) async throws -> T {
        try await StepBound.run(name, minutes: bound, body)
    }

    let pty = PtyBench(options: options)
    /// Bytes per key in the pty against the cells the same keys change, on the demo cache.
    func terminalBytes(_ demo: EncryptedCache) async throws {
        let runner = UseCaseEffectRunner(
            directory: try CachedPatientDirectory(cache: demo), chart: CachedChartRepository(cache: demo), audit: CountingAuditTrail()
        ) { _ in (true, nil) }
        // The new screens at 80x24 only: the size that must show every function.
        for (columns, rows, screens) in [(80, 24, ScreenKeys.listAndTabs + ScreenKeys.newScreens), (120, 40, ScreenKeys.listAndTabs)] {
            try await step("terminal bytes \(columns)x\(rows)") {
                let changed = await ChangedCells(runner: runner).measure(screens, columns: columns, rows: rows)
                try pty.bytesPerKey(screens, columns: columns, rows: rows, changed: changed, into: &table)
            }
        }
    }
    if options.onlyTerminalBytes {
        try await terminalBytes(try await step("demo cache") { try DemoCacheAccess(home: try pty.prepareDemo()).open() })
        return table
    }

    try await step("import") { try ImportBench(options: options).run(into: &table) }
    let unlockMilliseconds = try await step("unlock") { try UnlockBench().run(into: &table) }

    let demo = try await step("demo cache") { try DemoCacheAccess(home: try pty.prepareDemo()).open() }
    let chart = CachedChartRepository(cache: demo)
    let entries = try await CachedPatientDirectory(cache: demo).listEntries(ward: nil)
    try await step("chart open") { try await ChartOpenBench(chart: chart, entries: entries).run(into: &table) }
    try await step("Results open") { try await ResultsOpenBench(options: options).run(into: &table) }
    try await step("NEWS2") { try await NEWS2Bench(chart: chart, entries: entries).run(into: &table) }
    try await step("MAR") { try await MARBench(options: options).run(into: &table) }
    var censusHomes: [(scale: Int, home: String)] = []
    // Measured once, before any census import leaves the disk busy writing back.
    let carebundlePeer = try await step("Python peer") {
        try PythonPeer(options: options).parseRate(files: CarebundleData(options: options).bundles(count: CensusCache.peerSample))
    }
    for scale in options.scales {
        let census = try await step("census \(scale)") {
            try CensusCache(options: options, count: scale, peerRate: carebundlePeer).build(into: &table)
        }
        try await step("keypress \(scale)") { try await KeypressBench(census: census.cache).run(scale: scale, into: &table) }
        censusHomes.append((scale, census.emrHome))
    }

    try await terminalBytes(demo)

    for (scale, home) in censusHomes {
        try await step("cold start \(scale)") {
            try pty.coldStart(emrHome: home, patients: scale, unlockMilliseconds: unlockMilliseconds, into: &table)
            try pty.peakMemory(emrHome: home, patients: scale, into: &table)
        }
    }
    try await step("20 sessions") { try pty.concurrentSessions(20, into: &table) }
    try await step("sync") { try SyncBench(options: options).run(into: &table) }
    return table
}

let options = BenchOptions.parse(Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
do {
    let table = try await bench(options)
    print(table.text)
    let results = options.work + "/results.md"
    try table.markdown.write(toFile: results, atomically: true, encoding: .utf8)
    print("written to \(results)")
} catch {
    FileHandle.standardError.write(Data("emr-bench: \(error)\n".utf8))
    exit(1)
}
