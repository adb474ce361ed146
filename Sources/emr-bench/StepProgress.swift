import Foundation

/// A line on stderr at each tenth of a long step (the 10k and 100k census imports), with its
/// rate and the time left, so an operator watching an unattended `make bench` can tell a slow
/// step from a stuck one (the census generator prints the same lines from Python).
struct StepProgress {
    let name: String
    let total: Int
    let unit: String
    private let started = ContinuousClock.now
    private var reported = 0

    init(_ name: String, total: Int, unit: String) {
        self.name = name
        self.total = total
        self.unit = unit
    }

    /// `done` of `total` finished: prints when a new tenth is reached.
    mutating func advance(to done: Int) {
        guard total > 0, done * 10 / total > reported else { return }
        reported = done * 10 / total
        let seconds = max(Samples.milliseconds(ContinuousClock.now - started) / 1000, 0.001)
        let rate = Double(done) / seconds
        let left = Double(total - done) / rate
        FileHandle.standardError.write(Data(
            "  \(name): \(reported * 10)% (\(done)/\(total) \(unit), \(Int(rate.rounded()))/s, \(Int(left.rounded())) s left)\n".utf8))
    }
}
