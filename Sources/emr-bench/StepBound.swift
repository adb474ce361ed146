import Foundation

/// Every step of `make bench` runs under a time bound, so a step that hangs (a census
/// generator once slept 40 minutes with no worker left) stops the bench with one line naming
/// the step, instead of holding an unattended run forever. `BENCH_STEP_MINUTES` sets the
/// bound (default 45: the 100k census is generated in about 10 minutes on two cores).
enum StepBound {
    static func minutes(_ environment: [String: String]) -> Double {
        environment["BENCH_STEP_MINUTES"].flatMap(Double.init).map { max(0.1, $0) } ?? 45
    }

    static func run<T>(_ name: String, minutes: Double, _ body: () async throws -> T) async throws -> T {
        let watchdog = DispatchSource.makeTimerSource(queue: .global())
        watchdog.schedule(deadline: .now() + minutes * 60)
        watchdog.setEventHandler {
            let limit = minutes < 1 ? "\(Int((minutes * 60).rounded())) s" : "\(Int(minutes.rounded())) min"
            FileHandle.standardError.write(Data("emr-bench: step '\(name)' overran its \(limit) bound; stopped (BENCH_STEP_MINUTES sets it)\n".utf8))
            exit(3)
        }
        watchdog.resume()
        defer { watchdog.cancel() }
        return try await body()
    }
}
