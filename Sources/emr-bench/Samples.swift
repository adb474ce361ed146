import Foundation

/// Timings of one operation, in milliseconds, with the order statistics the table reports.
struct Samples {
    private(set) var milliseconds: [Double]

    init(_ milliseconds: [Double]) {
        self.milliseconds = milliseconds.sorted()
    }

    init(_ durations: [Duration]) {
        self.init(durations.map(Self.milliseconds))
    }

    var median: Double { quantile(0.5) }
    var p99: Double { quantile(0.99) }
    var min: Double { milliseconds.first ?? 0 }
    var max: Double { milliseconds.last ?? 0 }

    /// Nearest-rank quantile: with fewer than 100 samples p99 is the maximum, never an interpolation.
    func quantile(_ q: Double) -> Double {
        guard !milliseconds.isEmpty else { return 0 }
        let rank = Int((q * Double(milliseconds.count)).rounded(.up))
        return milliseconds[Swift.max(0, Swift.min(milliseconds.count - 1, rank - 1))]
    }

    static func milliseconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) * 1000 + Double(parts.attoseconds) / 1e15
    }

    /// Runs `body` `warmUp` times untimed, then `iterations` times timed with `ContinuousClock`.
    static func measure(iterations: Int, warmUp: Int = 5, _ body: () throws -> Void) rethrows -> Samples {
        let clock = ContinuousClock()
        for _ in 0..<warmUp { try body() }
        var times: [Duration] = []
        times.reserveCapacity(iterations)
        for _ in 0..<iterations { times.append(try clock.measure(body)) }
        return Samples(times)
    }

    /// The async form of `measure`, for the use cases.
    static func measure(iterations: Int, warmUp: Int = 5, _ body: () async throws -> Void) async rethrows -> Samples {
        let clock = ContinuousClock()
        for _ in 0..<warmUp { try await body() }
        var times: [Duration] = []
        times.reserveCapacity(iterations)
        for _ in 0..<iterations {
            let start = clock.now
            try await body()
            times.append(clock.now - start)
        }
        return Samples(times)
    }
}
