/// The steps that build their own data and need nothing from the others, by the name `make
/// bench` gives them: `emr-bench --only "Results open"` runs one alone, so one figure can be
/// measured again after a change without the whole run (about four minutes on a quiet machine).
enum StandaloneSteps {
    typealias Step = @Sendable (BenchOptions, inout ResultTable) async throws -> Void

    static let byName: [(name: String, run: Step)] = [
        ("Results open", { options, table in try await ResultsOpenBench(options: options).run(into: &table) }),
        ("MAR", { options, table in try await MARBench(options: options).run(into: &table) }),
        ("audit open", { options, table in try AuditOpenBench(options: options).run(into: &table) }),
        ("encounter detail", { options, table in try await EncounterDetailBench(options: options).run(into: &table) }),
        ("new results", { options, table in try HooksBench(options: options).run(into: &table) }),
        ("terminal bytes", { options, table in
            let pty = PtyBench(options: options)
            let demo = try DemoCacheAccess(home: try pty.prepareDemo()).open()
            try await TerminalBytesBench(pty: pty).run(on: demo, into: &table)
        }),
    ]

    static func named(_ name: String) -> Step? {
        byName.first { $0.name == name }?.run
    }

    static var names: String { byName.map { "'\($0.name)'" }.joined(separator: ", ") }
}

/// `--only` named a step that cannot run alone (or none at all).
struct BenchUsageError: Error, CustomStringConvertible {
    let name: String

    var description: String { "no step '\(name)' runs alone; these do: \(StandaloneSteps.names)" }
}
