import Foundation

/// One line of the results: a figure, what it was measured on, and what it is compared with
/// (a peer measured in the same run, or a target from issue 8).
struct ResultRow {
    var metric: String
    var size: String
    var median: String
    /// "p99 …" for per-operation timings, "min … / max …" for whole-process ones.
    var spread: String
    var reference: String = "—"
    var ratio: String = "—"
}

/// The one table `make bench` prints, and the same as Markdown for the Performance chapter to quote.
struct ResultTable {
    private(set) var rows: [ResultRow] = []
    let machine: String
    let date: Date

    init(date: Date = Date()) {
        self.date = date
        machine = Self.machineFacts()
    }

    mutating func add(_ row: ResultRow) {
        rows.append(row)
        // Printed as it arrives, so a long run shows progress.
        FileHandle.standardError.write(Data("  \(row.metric) [\(row.size)]: \(row.median), \(row.spread)\n".utf8))
    }

    private static let headers = ["metric", "data size", "median", "p99 or min/max", "peer or limit", "ratio"]

    private func cells(_ row: ResultRow) -> [String] {
        [row.metric, row.size, row.median, row.spread, row.reference, row.ratio]
    }

    var dateText: String {
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.dateFormat = "yyyy-MM-dd HH:mm"
        return format.string(from: date)
    }

    var text: String {
        let all = [Self.headers] + rows.map(cells)
        let widths = Self.headers.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        let lines = all.map { line in
            zip(line, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined(separator: "  ")
        }
        let rule = String(repeating: "-", count: widths.reduce(0, +) + 2 * (widths.count - 1))
        return (["emr bench, \(dateText): \(machine)", rule, lines[0], rule] + lines.dropFirst() + [rule]).joined(separator: "\n")
    }

    var markdown: String {
        let line = { (cells: [String]) in "| " + cells.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |" }
        return ([
            "Measured \(dateText) with `make bench`: \(machine).", "",
            line(Self.headers), line(Self.headers.map { _ in "---" }),
        ] + rows.map { line(cells($0)) }).joined(separator: "\n") + "\n"
    }

    /// Cores, CPU model and memory, from /proc.
    private static func machineFacts() -> String {
        let cpu = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model = cpu.split(separator: "\n").first { $0.hasPrefix("model name") }
            .map { $0.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "" } ?? "unknown CPU"
        let memory = ProcessInfo.processInfo.physicalMemory >> 30
        return "\(ProcessInfo.processInfo.activeProcessorCount) cores, \(model), \(memory) GiB RAM"
    }
}

/// Number formats shared by the benchmarks.
enum Figure {
    static func ms(_ value: Double) -> String {
        value >= 100 ? String(format: "%.0f ms", value) : value >= 10 ? String(format: "%.1f ms", value) : String(format: "%.2f ms", value)
    }

    static func seconds(_ value: Double) -> String { String(format: "%.1f s", value) }

    static func rate(_ value: Double) -> String { String(format: "%.0f res/s", value) }

    static func ratio(_ value: Double) -> String { value >= 10 ? String(format: "%.0fx", value) : String(format: "%.2fx", value) }

    static func mib(_ kib: Double) -> String { String(format: "%.1f MiB", kib / 1024) }

    static func count(_ value: Int) -> String {
        value >= 1000 && value % 1000 == 0 ? "\(value / 1000)k" : "\(value)"
    }
}
