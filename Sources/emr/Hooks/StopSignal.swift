import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// SIGTERM (systemd's stop) and SIGINT, taken as a request to stop cleanly: the listener
/// then deletes its Subscription and its socket before it exits.
final class StopSignal: Sendable {
    private let requested = Mutex(false)
    /// Kept for the life of the listener: a released source stops delivering its signal.
    /// Written once, here, before any handler runs.
    nonisolated(unsafe) private var sources: [any DispatchSourceSignal] = []

    init() {
        for number in [SIGTERM, SIGINT] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [self] in requested.withLock { $0 = true } }
            source.resume()
            sources.append(source)
        }
    }

    var isRequested: Bool { requested.withLock { $0 } }
}
