import DataLocal
import Foundation
import SecurityKit

/// An on-disk cache of `count` carebundle patients under a known passphrase, for the
/// keypress, cold-start and memory figures. Building it is metric 1 at scale: every Bundle
/// file is imported as `emr import` does (`BenchImport`), timed, against the same files
/// into plaintext SQLite, the two taking turns in blocks so a neighbour's load hits both alike.
/// Rebuilt on every run, since the import is what is measured; the Bundles are reused. Below
/// 10k patients the import is not reported: the demo rows cover ward scale.
struct CensusCache {
    let options: BenchOptions
    let count: Int
    static let passphrase = "bench-passphrase"
    /// Files per turn of the sealed/plaintext alternation.
    private static let block = 250
    /// Patients whose Bundles the Python peer parses (it takes about 0.25 ms a resource).
    static let peerSample = 100
    /// The peer's rate on the first `peerSample` patients, measured once per run before any
    /// census import (main.swift), so every scale is set against the same figure.
    let peerRate: Double

    /// The cache built, opened in this process, and where `emr` finds it.
    struct Built {
        let cache: EncryptedCache
        let emrHome: String
    }

    func build(into table: inout ResultTable) throws -> Built {
        let files = try CarebundleData(options: options).bundles(count: count)
        let root = try options.scratch("census-\(count)")
        let (keyFile, dataKey) = try KeyFile.create(passphrase: SecretBytes(copying: Array(Self.passphrase.utf8)))
        let emrHome = root + "/emr"
        let location = CacheLocation(directory: emrHome)
        let cache = try EncryptedCache(database: CacheDatabase(location: location), dataKey: dataKey)
        try keyFile.write(to: URL(fileURLWithPath: location.keyFilePath))
        let importer = BenchImport(cache: cache)
        let ceiling = try PlaintextImportCeiling(directory: try options.scratch("census-\(count)-plain"))

        let clock = ContinuousClock()
        var sealed = (resources: 0, time: Duration.zero), plain = (resources: 0, time: Duration.zero)
        var progress = StepProgress("import \(Figure.count(count)) (encrypted and plaintext)", total: files.count, unit: "files")
        for first in stride(from: 0, to: files.count, by: Self.block) {
            let turn = files[first..<min(files.count, first + Self.block)]
            sealed.time += try clock.measure { sealed.resources += try importer.run(Array(turn)) }
            plain.time += try clock.measure { for file in turn { plain.resources += try ceiling.importFile(at: file) } }
            if count >= 10_000 { progress.advance(to: first + turn.count) }
        }
        try FileManager.default.removeItem(atPath: root + "-plain")
        // Up to gigabytes just written: the kernel writing them back would slow what is timed next.
        sync()

        guard count >= 10_000 else { return Built(cache: cache, emrHome: emrHome) }
        let sealedRate = Double(sealed.resources) / (Samples.milliseconds(sealed.time) / 1000)
        let plainRate = Double(plain.resources) / (Samples.milliseconds(plain.time) / 1000)
        let size = "\(Figure.count(count)) carebundle patients, \(sealed.resources) resources"
        let spread = "one run, \(Figure.seconds(Samples.milliseconds(sealed.time) / 1000))"
        table.add(ResultRow(
            metric: "import, encrypted cache", size: size, median: Figure.rate(sealedRate), spread: spread,
            reference: "plaintext SQLite \(Figure.rate(plainRate)), target ≥ 0.5x", ratio: Figure.ratio(sealedRate / plainRate)))
        table.add(ResultRow(
            metric: "import vs Python parse", size: size, median: Figure.rate(sealedRate), spread: spread,
            reference: "fhir.resources parse \(Figure.rate(peerRate)) (first \(Self.peerSample) patients), target ≥ 5x",
            ratio: Figure.ratio(sealedRate / peerRate)))
        return Built(cache: cache, emrHome: emrHome)
    }
}
