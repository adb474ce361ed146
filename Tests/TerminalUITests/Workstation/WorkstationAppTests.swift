import CoreDomain
import CoreUseCases
import Foundation
import SharedPresentation
import Synchronization
import Testing
@testable import TerminalUI

/// Answers the workstation's reads with Robin Brown's census and chart; unlocks with any input.
private struct SampleRunner: WorkstationEffectRunner {
    func run(_ effect: WorkstationEffect, send: @escaping @Sendable (WorkstationAction) -> Void) async {
        switch effect {
        case let .searchPatients(search, _):
            send(.patientsLoaded(search, PatientPage(entries: [SampleChart.entry], total: 1)))
        case .loadChart(_, .summary, _):
            send(.chartLoaded(patientID: "p1", ChartContent(SummaryState.self, SampleChart.summary)))
        case .verifyUnlock:
            send(.unlockResult(succeeded: true, message: nil))
        default:
            break
        }
    }
}

/// The whole workstation, runtime and all, on an in-memory terminal: what a person would see.
extension ProcessSignals {
    @Suite struct WorkstationAppTests {
        /// Runs the app on its own thread (it blocks until quit); how it ended arrives in the box.
        private func launch(_ terminal: MemoryTerminal, idleLockAfter: TimeInterval = 0) -> ExitBox {
            var initial = WorkstationState(session: SessionInfo(mode: .demo, user: "nurse1"), columns: 80, rows: 24, now: SampleChart.now)
            initial.idleLockAfter = idleLockAfter
            let state = initial
            let exit = ExitBox()
            let started = DispatchSemaphore(value: 0)
            Thread {
                let app = try? WorkstationApp(state: state, terminal: terminal, runner: SampleRunner())
                started.signal()
                let ended = app?.run()
                exit.value.withLock { $0 = ended }
            }.start()
            started.wait()
            return exit
        }

        private func shows(_ terminal: MemoryTerminal, _ text: String) async -> Bool {
            await waitUntil { terminal.screen.contains { $0.contains(text) } }
        }

        @Test func opensOnTheCensusAndQuitsWithQ() async {
            let terminal = MemoryTerminal()
            let exit = launch(terminal)
            #expect(await shows(terminal, "Brown, Rob"))
            #expect(await shows(terminal, "ALLERGY"), "the selected patient's chart opens beside the list")
            terminal.type("q")
            #expect(await waitUntil { exit.value.withLock { $0 } == .quit })
            #expect(terminal.isStopped, "the terminal is given back")
        }

        @Test func theScreenLocksWhenIdleAndUnlocks() async {
            let terminal = MemoryTerminal()
            let exit = launch(terminal, idleLockAfter: 2)
            #expect(await shows(terminal, "Brown, Rob"))
            #expect(await shows(terminal, "Screen locked"))
            #expect(!terminal.screen.contains { $0.contains("Brown") }, "nothing about a patient while locked")
            terminal.type("demo\r")
            #expect(await shows(terminal, "Brown, Rob"))
            terminal.type("q")
            #expect(await waitUntil { exit.value.withLock { $0 } == .quit })
        }
    }
}

/// How the app's run ended, once it has.
private final class ExitBox: Sendable {
    let value = Mutex<WorkstationApp<MemoryTerminal>.Exit?>(nil)
}

/// Waits, a bounded time, for what the running app will show.
private func waitUntil(within seconds: TimeInterval = 10, _ condition: () -> Bool) async -> Bool {
    let end = Date().addingTimeInterval(seconds)
    while !condition() {
        guard Date() < end else { return false }
        await Task.yield()
    }
    return true
}
