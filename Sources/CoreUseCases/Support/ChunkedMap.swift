import Foundation

extension Array where Element: Sendable {
    /// `transform` of every element, in order, worked out in contiguous chunks on as many threads
    /// as there are cores (up to four): for the work done on every row of a census when it is
    /// opened, which on one core was most of a 100k census's start. `transform` gets a whole
    /// chunk, so what it keeps while working (a memo) is its own. Below `minimumChunk`
    /// elements a chunk, it all runs here.
    public func chunkedMap<T: Sendable>(minimumChunk: Int = 4_096, _ transform: @Sendable (ArraySlice<Element>) -> [T]) -> [T] {
        let width = Swift.min(ProcessInfo.processInfo.activeProcessorCount, 4, count / minimumChunk)
        guard width > 1 else { return transform(self[...]) }
        let bounds = (0...width).map { $0 * count / width }
        let parts = ChunkResults<T>(count: width)
        DispatchQueue.concurrentPerform(iterations: width) { chunk in
            parts.set(chunk, transform(self[bounds[chunk]..<bounds[chunk + 1]]))
        }
        return parts.joined
    }
}

/// Each chunk's results, written from its own thread under a lock (this layer takes only
/// Foundation: no `Mutex`).
private final class ChunkResults<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var parts: [[T]]

    init(count: Int) { parts = [[T]](repeating: [], count: count) }

    func set(_ chunk: Int, _ results: [T]) {
        lock.withLock { parts[chunk] = results }
    }

    var joined: [T] { lock.withLock { parts.flatMap { $0 } } }
}
