import Foundation

/// Metric 7: the ward census synced from a real FHIR server (sekmet-fhir on 127.0.0.1, loaded
/// with the demo fixtures by Tests/bench/sync_bench.py) by `emr sync`, against the Python
/// reference client `fhirclient` making the same searches on the same server in the same run.
struct SyncBench {
    let options: BenchOptions
    var runs = 5

    func run(into table: inout ResultTable) throws {
        let result = try ChildProcess.json([
            options.python, options.scripts + "/sync_bench.py", String(runs), options.emr, try options.scratch("sync"),
        ])
        let count = { (key: String) in (result[key] as? NSNumber)?.intValue ?? 0 }
        let seconds = { (key: String) in Samples(ChildProcess.numbers(result, key).map { $0 * 1000 }) }
        let whole = seconds("emr_wall"), sync = seconds("emr_sync"), peer = seconds("peer")
        guard count("emr_resources") > 0, peer.median > 0 else { throw BenchFailure("the sync benchmark fetched nothing") }
        let size = "demo ward, \(count("patients")) patients, \(count("emr_resources")) resources"
        let reference = "fhirclient \(Figure.ms(peer.median)) (min \(Figure.ms(peer.min)) / max \(Figure.ms(peer.max))), "
            + "\(count("peer_resources")) resources in \(count("peer_requests")) requests"
        table.add(ResultRow(
            metric: "census sync, emr sync in-process", size: size + ", \(count("emr_requests")) requests",
            median: Figure.ms(sync.median), spread: "min \(Figure.ms(sync.min)) / max \(Figure.ms(sync.max))",
            reference: reference, ratio: Self.compare(sync.median, with: peer.median)))
        table.add(ResultRow(
            metric: "census sync, emr sync whole process", size: size + ", new cache incl. scrypt",
            median: Figure.ms(whole.median), spread: "min \(Figure.ms(whole.min)) / max \(Figure.ms(whole.max))",
            reference: reference, ratio: Self.compare(whole.median, with: peer.median)))
    }

    /// "1.8x faster" or "1.2x slower" than the peer: a time ratio read the right way round.
    static func compare(_ time: Double, with peer: Double) -> String {
        time <= peer ? Figure.ratio(peer / time) + " faster" : Figure.ratio(time / peer) + " slower"
    }
}
