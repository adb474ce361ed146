import Foundation

/// Issue 33: a result written on a real FHIR server (sekmet on 127.0.0.1) to the status-line
/// notice of a workstation at 80x24, through nginx and `emr hooks` (Tests/bench/hooks_bench.py), and to
/// the reader of the listener's socket on the way. The goal is a p99 under 2 s.
struct HooksBench {
    let options: BenchOptions
    var rounds = 5

    func run(into table: inout ResultTable) throws {
        let result = try ChildProcess.json([
            options.python, options.scripts + "/hooks_bench.py", String(rounds), options.emr, try options.scratch("hooks"),
        ])
        let socket = Samples(ChildProcess.numbers(result, "socket").map { $0 * 1000 })
        let notice = Samples(ChildProcess.numbers(result, "notice").map { $0 * 1000 })
        guard !notice.milliseconds.isEmpty else { throw BenchFailure("the hooks benchmark measured nothing") }
        let size = "demo ward, \((result["patients"] as? NSNumber)?.intValue ?? 0) patients, \(notice.milliseconds.count) writes"
        table.add(ResultRow(
            metric: "new result, server write to socket line", size: size + ", nginx and emr hooks",
            median: Figure.ms(socket.median), spread: "p99 \(Figure.ms(socket.p99))"))
        table.add(ResultRow(
            metric: "new result, server write to notice", size: size + ", workstation at 80x24",
            median: Figure.ms(notice.median), spread: "p99 \(Figure.ms(notice.p99))", reference: "goal p99 < 2 s"))
    }
}
