import DataLocal
import Foundation
import SecurityKit

/// Metric 1: import of the demo fixtures into the encrypted cache, against the same rows into
/// plaintext SQLite in this process (the ceiling) and `fhir.resources` parsing the same files.
struct ImportBench {
    let options: BenchOptions
    var runs = 5

    func run(into table: inout ResultTable) throws {
        let files = options.demoFiles
        guard !files.isEmpty else { throw BenchFailure("no demo fixtures in \(options.fixtures.path): run 'make fixtures'") }
        var sealedRates: [Double] = [], plainRates: [Double] = []
        var resources = 0
        // Alternating the two keeps a neighbour's build from favouring either.
        for run in 0...runs {
            let sealed = try timeSealed(files)
            let plain = try timePlain(files)
            // Run 0 warms the file cache and the code; it is not counted.
            guard run > 0 else { continue }
            resources = sealed.count
            sealedRates.append(Double(sealed.count) / sealed.seconds)
            plainRates.append(Double(plain.count) / plain.seconds)
        }
        let sealed = Samples(sealedRates), plain = Samples(plainRates)
        let size = "demo, \(resources) resources"
        table.add(ResultRow(
            metric: "import, encrypted cache", size: size, median: Figure.rate(sealed.median),
            spread: "min \(Figure.rate(sealed.min)) / max \(Figure.rate(sealed.max))",
            reference: "plaintext SQLite \(Figure.rate(plain.median)), target ≥ 0.5x", ratio: Figure.ratio(sealed.median / plain.median)))

        let peer = try PythonPeer(options: options).parseRate(files: files)
        table.add(ResultRow(
            metric: "import vs Python parse", size: size, median: Figure.rate(sealed.median),
            spread: "min \(Figure.rate(sealed.min)) / max \(Figure.rate(sealed.max))",
            reference: "fhir.resources parse \(Figure.rate(peer)), target ≥ 5x", ratio: Figure.ratio(sealed.median / peer)))
    }

    /// Everything `emr import` does after unlock: read, decode, seal, store, derived rows, each
    /// file's audit entry, durable commits (`BenchImport`).
    private func timeSealed(_ files: [URL]) throws -> (count: Int, seconds: Double) {
        let folder = try options.scratch("import-sealed")
        let cache = try EncryptedCache(database: CacheDatabase(location: CacheLocation(directory: folder + "/emr")), dataKey: SecretBytes(count: 32))
        var count = 0
        let elapsed = try ContinuousClock().measure { count = try BenchImport(cache: cache).run(files) }
        return (count, Samples.milliseconds(elapsed) / 1000)
    }

    private func timePlain(_ files: [URL]) throws -> (count: Int, seconds: Double) {
        let ceiling = try PlaintextImportCeiling(directory: try options.scratch("import-plain"))
        var count = 0
        let elapsed = try ContinuousClock().measure {
            for file in files { count += try ceiling.importFile(at: file) }
        }
        return (count, Samples.milliseconds(elapsed) / 1000)
    }
}

/// A figure could not be measured; the message says why and what to do.
struct BenchFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
