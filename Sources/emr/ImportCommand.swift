import CoreDomain
import DataLocal
import Foundation

/// `emr import FILE...`: each file with its audit entry, several files to a transaction
/// (`CacheImporter.importFiles`), a file that cannot be read storing nothing;
/// skipped resources and dropped elements are reported one line each; resources of types the
/// workstation does not use are counted, one line for them all (`DocumentReference 26, Claim
/// 26: not used`: two Synthea patients printed 345 lines, one per resource); then one summary
/// line, with how many were already held unchanged. Exit 0 when everything was imported, 1
/// when anything was skipped.
/// On a terminal a progress line (`ProgressLine`) counts the files and resources done meanwhile.
struct ImportCommand {
    var files: [String]
    /// No progress line (`--quiet`; the demo's first run, which says what it does in a line of its own).
    var quiet: Bool

    /// `rule`: what the cache stores of each value (the demo's moved dates; as decoded otherwise).
    func run(session: CacheSession, storing rule: StoredValueRule = .asDecoded, output: (String) -> Void, errors: (String) -> Void) -> ExitStatus {
        let importer = CacheImporter(cache: session.cache, storing: rule)
        var total = ImportTotals()
        var done = 0
        var progress = ProgressLine.standardError(verb: "importing", unit: "files", quiet: quiet)
        importer.importFiles(files.map { URL(fileURLWithPath: $0) }, auditedBy: session.trail) { file, outcome in
            switch outcome {
            case let .success(summary):
                for problem in summary.problems where !problem.isUnusedType {
                    progress.interrupt { errors(PrintableLine.escaped("\(problem)")) }
                }
                total.add(summary)
                Log.debug("import.file", .count("resources", summary.importedCount), .count("skipped", summary.skipped.count),
                          .count("patients", summary.patientsUpdated))
            case let .failure(error):
                progress.interrupt { errors(PrintableLine.escaped("\(file.path): \(error.description)")) }
                total.failedFiles += 1
                Log.debug("import.file-failed", .error(error))
            }
            done += 1
            progress.update(done: done, of: files.count, resources: total.resourcesHeld)
        }
        progress.finish()
        if let unused = total.unusedLine { output(unused) }
        output(total.summaryLine)
        // A file that could not be read stored nothing; the attempt is recorded still.
        if total.failedFiles > 0 {
            do throws(CommandFailure) {
                try session.record(.importData(resources: 0), outcome: .failure)
            } catch {
                errors(error.message)
                return error.status
            }
        }
        return total.isClean ? .success : .finishedWithProblems
    }
}

/// Counts across all files, for the closing line.
struct ImportTotals {
    var byType: [String: Int] = [:]
    /// Patients with records in any of the files, each once (blind indexes).
    var patients: Set<Data> = []
    var skipped = 0
    var failedFiles = 0
    /// Resources the cache already held exactly.
    var unchanged = 0
    /// Resources of types the workstation does not use, per type.
    var unused: [String: Int] = [:]

    mutating func add(_ summary: ImportSummary) {
        byType.merge(summary.importedByType, uniquingKeysWith: +)
        patients.formUnion(summary.patientsWithRecords)
        skipped += summary.skipped.count
        unchanged += summary.unchanged
        unused.merge(summary.unusedByType, uniquingKeysWith: +)
    }

    /// "DocumentReference 26, Claim 26: not used", the most numerous first; nil when none were.
    var unusedLine: String? {
        guard !unused.isEmpty else { return nil }
        let counts = unused.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map { "\($0.key) \($0.value)" }
        return counts.joined(separator: ", ") + ": not used"
    }

    var isClean: Bool { skipped == 0 && failedFiles == 0 }

    var resourceCount: Int { byType.values.reduce(0, +) }

    /// The resources the cache holds from the files so far, stored or already held unchanged:
    /// what the progress line counts.
    var resourcesHeld: Int { resourceCount + unchanged }

    /// "imported 1234 resources (Observation 1000, Patient 24, ...) of 24 patients; 0 skipped":
    /// resources stored, per type, and the patients they belong to, each counted once however
    /// many files held their records (a sum per file said 55 for 10 files of one patient); then
    /// those already held exactly (`51 unchanged`: the same file imported again said
    /// `imported 51 resources` again).
    var summaryLine: String {
        let count = resourceCount
        let types = byType.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        var line = "imported \(count) resources" + (types.isEmpty ? "" : " (\(types))")
        line += " of \(patients.count) \(patients.count == 1 ? "patient" : "patients")"
        if unchanged > 0 { line += "; \(unchanged) unchanged" }
        line += "; \(skipped) skipped"
        if failedFiles > 0 { line += "; \(failedFiles) files could not be read" }
        return line
    }
}

extension ImportCommand: EmrCommand {
    static let word: String? = "import"
    static let summary = "import FHIR R4 Bundles, NDJSON files or single resources"

    static func run(_ options: ImportOptions, in context: CommandContext) throws(CommandFailure) -> ExitStatus {
        let session = try context.openCache(options.cache, config: try context.config())
        return ImportCommand(files: options.files, quiet: options.cache.quiet).run(session: session, output: context.say, errors: context.complain)
    }
}
