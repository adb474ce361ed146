import CoreUseCases
import Testing

@Suite struct UnlockBackoffTests {
    @Test func waitsDoubleAfterEachFailureUpToThirtySeconds() async {
        let backoff = UnlockBackoff()
        var waits: [Duration] = []
        for _ in 0..<7 { waits.append(await backoff.failed()) }
        #expect(waits == [1, 2, 4, 8, 16, 30, 30].map { .seconds($0) })
    }

    @Test func aSuccessStartsOver() async {
        let backoff = UnlockBackoff()
        #expect(await backoff.failed() == .seconds(1))
        #expect(await backoff.failed() == .seconds(2))
        await backoff.succeeded()
        #expect(await backoff.failed() == .seconds(1))
    }

    @Test func noFailureMeansNoWait() {
        #expect(UnlockBackoff.delaySeconds(afterFailures: 0) == 0)
        #expect(UnlockBackoff.delaySeconds(afterFailures: 1000) == UnlockBackoff.maximumSeconds)
    }
}
