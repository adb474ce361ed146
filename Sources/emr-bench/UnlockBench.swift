import Foundation
import SecurityKit

/// Metric 2a: unlocking the data key with the default scrypt parameters (N = 2^15, r = 8, p = 1),
/// the wait a user has after typing the passphrase, before anything is opened.
struct UnlockBench {
    var iterations = 15

    /// Returns the median in milliseconds, which the cold-start rows set against the 100 ms target.
    func run(into table: inout ResultTable) throws -> Double {
        let passphrase = SecretBytes(copying: Array("correct horse battery staple".utf8))
        let (keyFile, _) = try KeyFile.create(passphrase: passphrase)
        let samples = try Samples.measure(iterations: iterations, warmUp: 2) { _ = try keyFile.unlock(passphrase: passphrase) }
        let parameters = keyFile.parameters
        table.add(ResultRow(
            metric: "unlock (scrypt KDF)", size: "N=2^\(parameters.n.trailingZeroBitCount) r=\(parameters.r) p=\(parameters.p)",
            median: Figure.ms(samples.median), spread: "min \(Figure.ms(samples.min)) / max \(Figure.ms(samples.max))"))
        return samples.median
    }
}
