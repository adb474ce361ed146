@testable import DataFHIR
import Foundation
import Testing

/// The answer's bytes stop at the limit, headers and body together, and what was kept is
/// handed over whole.
@Suite struct ResponseBufferTests {
    private func append(_ buffer: ResponseBuffer, _ count: Int, byte: UInt8 = 0x20) -> Bool {
        [UInt8](repeating: byte, count: count).withUnsafeBytes { buffer.append($0) }
    }

    @Test func keepsTheBodyUpToTheLimitAndNotAByteMore() {
        let buffer = ResponseBuffer(limit: 100_000)
        #expect(append(buffer, 70_000))
        #expect(append(buffer, 30_000))
        #expect(!append(buffer, 1))
        #expect(buffer.take().count == 100_000)
    }

    @Test func headersCountAgainstTheSameLimit() {
        let buffer = ResponseBuffer(limit: 1_000)
        #expect(buffer.countHeader(600))
        #expect(!append(buffer, 401))
        #expect(append(buffer, 400))
        #expect(!buffer.countHeader(1))
    }

    @Test func handsOverTheBytesInOrderAndIsEmptyAfter() {
        let buffer = ResponseBuffer(limit: 1 << 20)
        for byte in UInt8(0)..<200 { #expect(append(buffer, 1_000, byte: byte)) }
        let body = buffer.take()
        #expect(body.count == 200_000)
        #expect(body[0] == 0 && body[199_999] == 199 && body[100_000] == 100)
        #expect(buffer.take().isEmpty)
    }
}
