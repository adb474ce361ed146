import DataFHIR
import DataLocal
import Foundation
import SharedPresentation

/// One sync of the online workstation, and how it went as the workstation's action. When
/// syncs run (at once, every interval, sooner after a failure) is the state's `SyncSchedule`.
struct BackgroundSync: Sendable {
    var run: SyncRun
    /// The patient list, read again after a sync that worked.
    var directory: CachedPatientDirectory

    /// How often a sync under way says how far it is: the first after this long, so a quick
    /// one says nothing.
    static let progressEvery: Duration = .milliseconds(500)

    /// One sync (`SyncRun`, under the lock, recorded in the audit trail); the answer for the
    /// workstation. A drain that stops short of the end is reported once the census is in.
    /// `patients`: only those census patients (the listener named them), else the census.
    /// Meanwhile `progress` hears the requests sent so far, every `progressEvery`, and never
    /// after the answer.
    func syncOnce(patients: [String]? = nil, progress: @escaping @Sendable (WorkstationAction) -> Void = { _ in }) async -> WorkstationAction {
        let client = run.client
        let before = await client.requestsSent()
        let reporter = Task {
            while (try? await Task.sleep(for: Self.progressEvery)) != nil {
                progress(.sync(.progress(requests: await client.requestsSent() - before)))
            }
        }
        let answer = await answer(patients: patients)
        reporter.cancel()
        await reporter.value
        return answer
    }

    private func answer(patients: [String]?) async -> WorkstationAction {
        let outcome: SyncRun.Outcome
        do throws(SyncRun.Failure) {
            outcome = try await run.run(patients: patients)
        } catch {
            var asked: TimeInterval?
            if case let .throttled(_, _, seconds)? = error.error as? FHIRClientError { asked = seconds }
            // A server session that ended leaves nothing to sync with until a login: the header
            // says OFFLINE, as it does when the server cannot be reached.
            var sessionEnded = false
            if case .loginRequired? = error.error as? FHIRClientError { sessionEnded = true }
            return .sync(.failed(
                Self.message(for: error.error), offline: error.isOffline || sessionEnded, cacheChanged: error.cacheChanged,
                serverAskedToWait: asked))
        }
        do {
            try directory.reload()
        } catch {
            return .sync(.failed("synced, but the list could not be read again: \(SyncRun.message(for: error))", offline: false, cacheChanged: true))
        }
        if case .failure(let failure) = outcome.drained { return .sync(.failed("synced, but \(failure)", offline: false, cacheChanged: true)) }
        if case .failure(let purgeError) = outcome.purge {
            return .sync(.failed(
                "synced, but patients who left the census were not purged: \(SyncRun.message(for: purgeError))", offline: false, cacheChanged: true))
        }
        return .sync(.finished(at: run.now()))
    }

    /// What the status line says. A user's server session that ended (refused renewal, expired
    /// refresh token, logged out elsewhere) is one line that fits 80 columns and says what to
    /// do: charting goes on into the cache, and the next unlock asks for a login (lock with `L`).
    static func message(for error: any Error) -> String {
        if case .loginRequired? = error as? FHIRClientError { return Self.sessionEnded }
        return SyncRun.message(for: error)
    }

    static let sessionEnded = "server login ended; charting is kept: L, then unlock, to log in"
}
