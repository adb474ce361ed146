import DataLocal
import Foundation
import SharedPresentation

/// `make bench`: every figure of issue 8 that can be measured here, in one run, printed as one
/// table and written as Markdown to `.bench/results.md` for the Performance chapter (Sources/emr/emr.docc/Performance.md).
/// Targets are reported, never asserted.
/// A step that fails stops the run; the rows measured before it are kept in `table`.
func bench(_ options: BenchOptions, into table: inout ResultTable) async throws {
    try FileManager.default.createDirectory(atPath: options.work, withIntermediateDirectories: true)
    let bound = StepBound.minutes(ProcessInfo.processInfo.environment)
    func step<T>(_ name: String, _ body: () async throws -> T) async throws -> T {
        try await StepBound.run(name, minutes: bound, body)
    }
    func standalone(_ name: String) async throws {
        guard let run = StandaloneSteps.named(name) else { throw BenchUsageError(name: name) }
        try await step(name) { try await run(options, &table) }
    }
    if let only = options.only {
        try await standalone(only)
        return
    }

    let pty = PtyBench(options: options)
    try await step("import") { try ImportBench(options: options).run(into: &table) }
    let unlockMilliseconds = try await step("unlock") { try UnlockBench().run(into: &table) }

    let demo = try await step("demo cache") { try DemoCacheAccess(home: try pty.prepareDemo()).open() }
    let chart = CachedChartRepository(cache: demo)
    let entries = try await CachedPatientDirectory(cache: demo).listEntries(ward: nil)
    try await step("chart open") { try await ChartOpenBench(chart: chart, entries: entries).run(into: &table) }
    try await standalone("Results open")
    try await standalone("encounter detail")
    try await step("NEWS2") { try await NEWS2Bench(chart: chart, entries: entries).run(into: &table) }
    try await standalone("MAR")
    try await standalone("audit open")
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

    try await step("terminal bytes") { try await TerminalBytesBench(pty: pty).run(on: demo, into: &table) }

    for (scale, home) in censusHomes {
        try await step("cold start \(scale)") {
            try pty.coldStart(emrHome: home, patients: scale, unlockMilliseconds: unlockMilliseconds, into: &table)
            try pty.peakMemory(emrHome: home, patients: scale, into: &table)
        }
    }
    try await step("20 sessions") { try pty.concurrentSessions(20, into: &table) }
    try await step("sync") { try SyncBench(options: options).run(into: &table) }
    try await standalone("new results")
}

let options: BenchOptions
do throws(BenchOptions.UsageError) {
    guard let parsed = try BenchOptions.parse(Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment) else {
        print(BenchOptions.usage)
        exit(0)
    }
    options = parsed
} catch {
    FileHandle.standardError.write(Data((error.message + "\n").utf8))
    exit(2)
}
/// Runs the bench and reports the table so far, whether every step ran or one failed: a
/// failure in the last step of a 17-minute run once lost every row before it.
func runAndReport(_ options: BenchOptions) async -> Int32 {
    var table = ResultTable()
    var status: Int32 = 0
    do {
        try await bench(options, into: &table)
    } catch {
        FileHandle.standardError.write(Data("emr-bench: \(error)\n".utf8))
        status = 1
        guard !table.rows.isEmpty else { return status }
    }
    print(table.text)
    let results = options.work + "/results.md"
    do {
        try table.markdown.write(toFile: results, atomically: true, encoding: .utf8)
        print("written to \(results)")
    } catch {
        FileHandle.standardError.write(Data("emr-bench: \(results): \(error)\n".utf8))
        status = 1
    }
    return status
}

exit(await runAndReport(options))
