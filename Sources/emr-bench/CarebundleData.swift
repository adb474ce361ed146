import Foundation

/// The hospital-scale data: patients from the PyPI package `carebundle`, one transaction
/// Bundle per patient, made by Tests/bench/carebundle_census.py (deterministic by seed,
/// streamed by index) into `.bench/carebundle` once and reused by every later run. Patient i
/// is the same at every scale, so the 1k census is the first thousand of the 10k one.
struct CarebundleData {
    let options: BenchOptions
    var seed = 42

    var folder: String { options.work + "/carebundle" }

    /// The Bundle files of the first `count` patients, generating whatever is not there yet, one
    /// process per core (100k patients took 579 s with two).
    func bundles(count: Int) throws -> [URL] {
        FileHandle.standardError.write(Data("  carebundle: \(Figure.count(count)) patients in \(folder) (generated once, then reused)\n".utf8))
        let result = try ChildProcess.json([
            options.python, options.scripts + "/carebundle_census.py", folder, "\(count)", "--seed", "\(seed)",
            "--jobs", "\(ProcessInfo.processInfo.activeProcessorCount)",
        ])
        guard (result["patients"] as? NSNumber)?.intValue == count else { throw BenchFailure("carebundle_census.py made no patients") }
        return (0..<count).map { index in
            URL(fileURLWithPath: folder + String(format: "/%03d/%06d.json", index / 1000, index))
        }
    }
}
