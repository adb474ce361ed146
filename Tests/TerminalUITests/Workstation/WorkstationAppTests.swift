import CoreDomain
import CoreUseCases
import Foundation
import SharedPresentation
import Synchronization
import Testing
import TestSupport
@testable import TerminalUI

/// Answers the workstation's reads with Robin Brown's census and chart; unlocks with any input.
private struct SampleRunner: WorkstationEffectRunner {
    func run(_ effect: WorkstationEffect, send: @escaping @Sendable (WorkstationAction) -> Void) async {
        switch effect {
        case let .list(.search(search, _)):
            send(.list(.loaded(search, PatientPage(entries: [SampleChart.entry], total: 1))))
        case .chart(_, .load(.summary, _)):
            send(.chart(patientID: "p1", .loaded(ChartContent(SummaryState.self, SampleChart.summary))))
        case .lock(.verify):
            send(.lock(.unlockResult(succeeded: true, message: nil)))
        default:
            break
        }
    }
}

/// An online workstation with a user login whose server session has ended: the unlock's check
/// says a login is needed, and the sync after it works.
private struct EndedSessionRunner: WorkstationEffectRunner {
    func run(_ effect: WorkstationEffect, send: @escaping @Sendable (WorkstationAction) -> Void) async {
        switch effect {
        case .checkServerLogin:
            send(.serverLogin(.checked(needed: true)))
        case .syncWithServer:
            send(.sync(.finished(at: SampleChart.now)))
        default:
            await SampleRunner().run(effect, send: send)
        }
    }
}

/// The whole workstation, runtime and all, on an in-memory terminal: what a person would see.
extension ProcessSignals {
    @Suite struct WorkstationAppTests {
        /// Runs the app on its own thread (it blocks until quit); how it ended arrives in the box.
        private func launch(_ terminal: MemoryTerminal, idleLockAfter: TimeInterval = 0, clock: ManualClock = ManualClock()) -> ExitBox {
            var initial = WorkstationState(session: SessionInfo(mode: .demo, user: "nurse1"), columns: 80, rows: 24, now: SampleChart.now)
            initial.idleLockAfter = idleLockAfter
            let state = initial
            let exit = ExitBox()
            let started = DispatchSemaphore(value: 0)
            Thread {
                let app = try? WorkstationApp(state: state, terminal: terminal, runner: SampleRunner(), clock: clock)
                started.signal()
                let ended = app?.run()
                exit.value.withLock { $0 = ended }
            }.start()
            started.wait()
            return exit
        }

        /// Ctrl-C during the job, the login's answer and whether the terminal was handed over while it ran.
        private final class LoginJob: Sendable {
            let ranSuspended = Mutex<[Bool]>([])
        }

        /// The unlock after the server session ended hands the terminal to the login (curses
        /// ended, as for Ctrl-Z), takes it back, shows the answer and syncs.
        @Test func theUnlockHandsTheTerminalToTheLoginAndTakesItBack() async {
            let terminal = MemoryTerminal()
            var initial = WorkstationState(
                session: SessionInfo(mode: .offline, user: "nurse1", hasServer: true, logsUserIn: true), columns: 80, rows: 24, now: SampleChart.now)
            initial.syncSchedule = SyncSchedule(interval: 300)
            let state = initial
            let job = LoginJob()
            let exit = ExitBox()
            Thread {
                let app = try? WorkstationApp(state: state, terminal: terminal, runner: EndedSessionRunner()) { asked, interrupted in
                    job.ranSuspended.withLock { $0.append(asked == .serverLogin && terminal.isSuspended && !interrupted()) }
                    return .serverLogin(.finished(.loggedIn(clinicianName: "Ada Adams")))
                }
                exit.value.withLock { $0 = app?.run() }
            }.start()
            #expect(await shows(terminal, "ONLINE"))
            terminal.type("L")
            #expect(await shows(terminal, "Screen locked"))
            #expect(job.ranSuspended.withLock { $0 }.isEmpty, "no login at the start: the session was usable then")
            terminal.type("x\r")
            #expect(await shows(terminal, "logged in again at the server"))
            #expect(job.ranSuspended.withLock { $0 } == [true], "one login, with the terminal handed over")
            #expect(!terminal.isSuspended, "the terminal taken back")
            #expect(await shows(terminal, "Ada Adams"), "the header names the clinician")
            terminal.type("q")
            #expect(await eventually(within: 10) { exit.value.withLock { $0 } == .quit })
        }

        private func shows(_ terminal: MemoryTerminal, _ text: String) async -> Bool {
            await eventually(within: 10) { terminal.screen.contains { $0.contains(text) } }
        }

        @Test func opensOnTheCensusAndQuitsWithQ() async {
            let terminal = MemoryTerminal()
            let exit = launch(terminal)
            #expect(await shows(terminal, "Brown, Rob"))
            #expect(await shows(terminal, "ALLERGY"), "the selected patient's chart opens beside the list")
            terminal.type("q")
            #expect(await eventually(within: 10) { exit.value.withLock { $0 } == .quit })
            #expect(terminal.isStopped, "the terminal is given back")
        }

        /// On the app's clock, a manual one: fifteen idle minutes pass in no time, and "not
        /// locked yet" a second before is a fact, not a guess.
        @Test func theScreenLocksWhenIdleAndUnlocks() async {
            let terminal = MemoryTerminal()
            let clock = ManualClock()
            let exit = launch(terminal, idleLockAfter: 900, clock: clock)
            #expect(await shows(terminal, "Brown, Rob"))
            #expect(await eventually { clock.deadlines == [.seconds(900)] }, "the idle lock is pending")
            clock.advance(by: .seconds(899))
            #expect(clock.deadlines == [.seconds(900)] && !terminal.screen.contains { $0.contains("Screen locked") })
            clock.advance(by: .seconds(1))
            #expect(await shows(terminal, "Screen locked"))
            #expect(!terminal.screen.contains { $0.contains("Brown") }, "nothing about a patient while locked")
            terminal.type("demo\r")
            #expect(await shows(terminal, "Brown, Rob"))
            terminal.type("q")
            #expect(await eventually(within: 10) { exit.value.withLock { $0 } == .quit })
        }
    }
}

/// How the app's run ended, once it has.
private final class ExitBox: Sendable {
    let value = Mutex<WorkstationApp<MemoryTerminal>.Exit?>(nil)
}
