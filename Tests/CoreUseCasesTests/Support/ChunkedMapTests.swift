import CoreUseCases
import Foundation
import Synchronization
import Testing

/// Work split over the cores gives what one pass gives, in order, whatever the size.
@Suite struct ChunkedMapTests {
    @Test(arguments: [0, 1, 999, 1_000, 4_001, 10_007])
    func isTheMapInOrder(count: Int) {
        let numbers = Array(0..<count)
        #expect(numbers.chunkedMap(minimumChunk: 1_000) { chunk in chunk.map { $0 * 2 } } == numbers.map { $0 * 2 })
    }

    @Test func eachChunkIsOneCallOnAsManyThreadsAsCores() {
        let calls = Mutex(0)
        _ = Array(0..<10_000).chunkedMap(minimumChunk: 1_000) { chunk in
            calls.withLock { $0 += 1 }
            return Array(chunk)
        }
        #expect(calls.withLock { $0 } == min(ProcessInfo.processInfo.activeProcessorCount, 4))
    }
}
