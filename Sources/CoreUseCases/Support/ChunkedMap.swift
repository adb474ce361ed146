import Foundation
import Synchronization

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
        let parts = Mutex([[T]](repeating: [], count: width))
        DispatchQueue.concurrentPerform(iterations: width) { chunk in
            let part = transform(self[bounds[chunk]..<bounds[chunk + 1]])
            parts.withLock { $0[chunk] = part }
        }
        return parts.withLock { $0.flatMap { $0 } }
    }
}
