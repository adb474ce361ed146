import Foundation
import Testing
@testable import emr

/// Inside the workstation a Ctrl-C is the workstation's signal, not the default that ends the
/// process: the login's waits look for it themselves, or the nurse who pressed it (told
/// "Ctrl-C cancels") would wait out a device code or the browser's five minutes. Serialized:
/// `SyncCommand.wait` blocks its thread (the command's main thread in `emr`) while the work
/// runs on the shared pool, which tests run side by side would fill.
@Suite(.serialized, .timeLimit(.minutes(1))) struct LoginWaitsTests {
    /// Counts the checks; a Ctrl-C "comes" at the third.
    final class CtrlC: @unchecked Sendable {
        var checks = 0
        func interrupted() -> Bool {
            checks += 1
            return checks > 2
        }
    }

    @Test func aCtrlCCancelsAnAsyncWaitAndTheWorkSaysHowItEnded() {
        let ctrlC = CtrlC()
        let answer = SyncCommand.wait(unless: ctrlC.interrupted) { () async -> String in
            do {
                try await Task.sleep(for: .seconds(600))
                return "slept"
            } catch {
                return "cancelled"
            }
        }
        #expect(answer == "cancelled")
        #expect(ctrlC.checks == 3, "checked until the Ctrl-C, then no more")
    }

    @Test func workThatEndsIsNotCancelled() {
        let answer = SyncCommand.wait(unless: { false }) { () async -> String in "done" }
        #expect(answer == "done")
    }

    @Test func aCtrlCEndsTheWaitForTheBrowser() throws {
        let listener = try #require((40_000..<40_100).lazy.compactMap { LoopbackRedirect(port: $0) }.first)
        let ctrlC = CtrlC()
        let started = Date()
        #expect(listener.awaitRedirect(timeout: 300, unless: ctrlC.interrupted) == nil)
        #expect(Date().timeIntervalSince(started) < 30, "not the browser's five minutes")
    }
}
