import Foundation

/// What `emr-bench` runs on, from its arguments (the Makefile passes them) and `BENCH_SCALE`.
struct BenchOptions {
    /// Fixtures/demo, the ward-scale data set.
    var fixtures: URL
    /// The release `emr` binary, driven through ptys for whole-process figures.
    var emr: String
    /// The venv's Python, for the peer and the pty harness.
    var python: String
    /// Tests/bench, where the Python scripts live.
    var scripts: String
    /// Scratch caches and results (git-ignored `.bench`).
    var work: String
    /// Census sizes for keypress, cold start and memory figures: 1k and 10k by default, plus
    /// `BENCH_SCALE` (for example 100000) when set; `--scales 1000,2000` replaces them.
    var scales: [Int]
    /// `--only NAME`: run that one step alone (`StandaloneSteps` lists the steps that can).
    var only: String?

    /// What `emr-bench --help` prints: an unknown word or a missing value stops it with this too,
    /// rather than starting the whole bench (half an hour and more) on a typo.
    static let usage = """
        usage: emr-bench [--emr PATH] [--python PATH] [--work DIR] [--fixtures DIR] [--scripts DIR]
                         [--scales N,N…] [--only STEP]
        Runs every step and prints one table (median and p99, data size, peers); --only runs one
        step alone. BENCH_SCALE=100000 adds a census of that size. `make bench` passes the paths.
        """

    static let names: Set<String> = ["--emr", "--python", "--work", "--fixtures", "--scripts", "--scales", "--only"]

    /// The options in `words`; nil for `--help`; an error naming a word it does not take.
    static func parse(_ words: [String], environment: [String: String]) throws(UsageError) -> BenchOptions? {
        var values: [String: String] = [:]
        var iterator = words.makeIterator()
        while let word = iterator.next() {
            if word == "--help" || word == "-h" { return nil }
            guard names.contains(word) else { throw UsageError(message: "emr-bench: no option \(word)\n\(usage)") }
            guard let value = iterator.next() else { throw UsageError(message: "emr-bench: \(word) needs a value\n\(usage)") }
            values[word] = value
        }
        let root = FileManager.default.currentDirectoryPath
        var scales = [1_000, 10_000]
        if let extra = environment["BENCH_SCALE"].flatMap(Int.init), extra > 0, !scales.contains(extra) { scales.append(extra) }
        if let chosen = values["--scales"] { scales = chosen.split(separator: ",").compactMap { Int($0) }.filter { $0 > 0 } }
        return BenchOptions(
            fixtures: URL(fileURLWithPath: values["--fixtures"] ?? root + "/Fixtures/demo", isDirectory: true),
            emr: values["--emr"] ?? root + "/.build/release/emr",
            python: values["--python"] ?? root + "/.venv/bin/python",
            scripts: values["--scripts"] ?? root + "/Tests/bench",
            // Absolute: the servers a step starts (nginx, sekmet) take the folder from their own
            // working directory, and `make bench` says `.bench` (the "new results" step failed so).
            work: URL(fileURLWithPath: values["--work"] ?? root + "/.bench").standardizedFileURL.path,
            scales: scales,
            only: values["--only"])
    }

    struct UsageError: Error {
        var message: String
    }

    /// The demo files in the order `emr --demo` imports them: places and people first.
    var demoFiles: [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: fixtures.path)) ?? []
        let order = ["Location", "Practitioner", "Patient"]
        let rank = { (name: String) in order.firstIndex { name.hasPrefix($0 + ".") } ?? order.count }
        return names.filter { $0.hasSuffix(".ndjson") }
            .sorted { rank($0) != rank($1) ? rank($0) < rank($1) : $0 < $1 }
            .map { fixtures.appendingPathComponent($0) }
    }

    /// A fresh, empty scratch folder `name` under `work`.
    func scratch(_ name: String) throws -> String {
        let path = work + "/" + name
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        return path
    }
}
